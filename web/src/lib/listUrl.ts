import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { z } from 'zod';

/**
 * How one value of a list's state is written into the URL's search parameters and read back. `parse` answers
 * undefined for anything it does not accept (a bad or foreign value), and the list's default is used instead.
 */
export interface ListParam<T> {
  parse(raw: string): T | undefined;
  format(value: T): string;
}

/** The longest search parameter a list reads; a longer one is ignored before it is parsed. */
export const MAX_LIST_PARAM_LENGTH = 4000;

const INTEGER = /^-?\d{1,9}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const listParam = {
  /** A whole number from min to max. */
  integer: (min: number, max: number): ListParam<number> => ({
    parse: (raw) => {
      if (!INTEGER.test(raw)) return undefined;
      const n = Number(raw);
      return n >= min && n <= max ? n : undefined;
    },
    format: String,
  }),
  /** Free text such as search words, at most maxLength characters. */
  text: (maxLength: number): ListParam<string> => ({
    parse: (raw) => (raw.length <= maxLength ? raw : undefined),
    format: (value) => value,
  }),
  /** One of a fixed set of words (a mode, a tab). */
  oneOf: <const T extends string>(values: readonly T[]): ListParam<T> => ({
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    format: (value) => value,
  }),
  /** A calendar day, YYYY-MM-DD. */
  date: (): ListParam<string> => ({
    parse: (raw) => (ISO_DATE.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : undefined),
    format: (value) => value,
  }),
  /** A structured value (filters, sort, columns) as JSON, checked against its schema. */
  json: <T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>): ListParam<T> => ({
    parse: (raw) => {
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    // Written as the schema reads it (its key order), so reading a link back never rewrites it.
    format: (value) => {
      const parsed = schema.safeParse(value);
      return JSON.stringify(parsed.success ? parsed.data : value);
    },
  }),
};

type Spec = Record<string, ListParam<unknown>>;
type ValueOf<P> = P extends ListParam<infer T> ? T : never;
export type ListValues<S extends Spec> = { [K in keyof S]: ValueOf<S[K]> };

/** Reads a list's state from search parameters: each value that is absent, too long or not accepted is its default. */
export function readListParams<S extends Spec>(
  params: URLSearchParams,
  spec: S,
  defaults: ListValues<S>,
): ListValues<S> {
  const values = { ...defaults };
  for (const name of Object.keys(spec) as (keyof S & string)[]) {
    const raw = params.get(name);
    if (raw === null || raw.length > MAX_LIST_PARAM_LENGTH) continue;
    const value = (spec[name] as ListParam<unknown>).parse(raw);
    if (value !== undefined) values[name] = value as ListValues<S>[typeof name];
  }
  return values;
}

/**
 * Writes a list's state into search parameters: a value equal to its default is left out, so the plain path is the
 * list's default; parameters the list does not own are kept.
 */
export function writeListParams<S extends Spec>(
  params: URLSearchParams,
  spec: S,
  defaults: ListValues<S>,
  values: ListValues<S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.keys(spec) as (keyof S & string)[]) {
    const param = spec[name] as ListParam<unknown>;
    const written = param.format(values[name]);
    if (written === param.format(defaults[name])) next.delete(name);
    else next.set(name, written);
  }
  return next;
}

/** The search a write asked for that is not in the browser's history yet, and the entry it replaces. */
let unwritten: { entry: unknown; search: string } | null = null;

/** react-router keys each history entry; a replaced entry gets a new key. */
const historyEntry = (): unknown => (window.history.state as { key?: unknown } | null)?.key;

/**
 * The URL's search parameters and a way to change them in place (the history entry is replaced). A change starts
 * from the newest URL, a write still on its way included (react-router's own setter starts from the rendered
 * parameters, so two writes in one event, or a write from an older render, would lose one).
 */
export function useSearchParamsUpdate(): [
  URLSearchParams,
  (change: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const entry = historyEntry();
      const base = new URLSearchParams(
        unwritten !== null && unwritten.entry === entry ? unwritten.search : window.location.search,
      );
      const next = change(new URLSearchParams(base)).toString();
      if (next === base.toString()) return;
      unwritten = { entry, search: next };
      void navigate({ search: next ? `?${next}` : '' }, { replace: true });
    },
    [navigate],
  );
  return [params, update];
}

/**
 * A list's state kept in the URL's search parameters, so a link opens the same list and Back returns to it. Changes
 * replace the current history entry: Back leaves the list for the page before it, as it would without them.
 * `defaults` must be stable (a constant or memoised).
 */
export function useListParams<S extends Spec>(
  spec: S,
  defaults: ListValues<S>,
): [ListValues<S>, (change: Partial<ListValues<S>>) => void] {
  const [params, update] = useSearchParamsUpdate();
  const values = useMemo(() => readListParams(params, spec, defaults), [params, spec, defaults]);
  const change = useCallback(
    (patch: Partial<ListValues<S>>) =>
      update((current) =>
        writeListParams(current, spec, defaults, { ...readListParams(current, spec, defaults), ...patch }),
      ),
    [update, spec, defaults],
  );
  return [values, change];
}

/** Each part of a list's layout (a saved view's value) with the search parameter that holds it. */
export type LayoutParams<V> = { [K in keyof V]?: { name: string; param: ListParam<V[K]> } };

const specOf = <V>(layoutParams: LayoutParams<V>): Spec =>
  Object.fromEntries(
    Object.values<{ name: string; param: ListParam<unknown> } | undefined>(layoutParams).map((p) => [
      p!.name,
      p!.param,
    ]),
  );

const byName = <V>(layoutParams: LayoutParams<V>, values: Partial<V>): Record<string, unknown> =>
  Object.fromEntries(
    (Object.keys(layoutParams) as (keyof V & string)[]).map((key) => [layoutParams[key]!.name, values[key]]),
  );

/** The layout parts a URL holds, each part it lacks (or holds badly) as in `base`; null when it holds none. */
export function readLayoutParams<V>(
  params: URLSearchParams,
  layoutParams: LayoutParams<V>,
  base: V,
): Partial<V> | null {
  const keys = Object.keys(layoutParams) as (keyof V & string)[];
  if (!keys.some((key) => params.has(layoutParams[key]!.name))) return null;
  const spec = specOf(layoutParams);
  const values = readListParams(params, spec, byName(layoutParams, base) as ListValues<Spec>);
  return Object.fromEntries(keys.map((key) => [key, values[layoutParams[key]!.name]])) as Partial<V>;
}

/** Writes the layout parts that differ from `base`; the others are left out. */
export function writeLayoutParams<V>(
  params: URLSearchParams,
  layoutParams: LayoutParams<V>,
  base: V,
  layout: V,
): URLSearchParams {
  const spec = specOf(layoutParams);
  return writeListParams(
    params,
    spec,
    byName(layoutParams, base) as ListValues<Spec>,
    byName(layoutParams, layout) as ListValues<Spec>,
  );
}

/** The names of the layout's search parameters. */
export const layoutParamNames = <V>(layoutParams: LayoutParams<V>): string[] =>
  Object.values<{ name: string } | undefined>(layoutParams).map((p) => p!.name);
