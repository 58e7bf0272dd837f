import { EHS_EXCLUSIVE, EHS_MULTI_SEPARATOR, EHS_NONE } from '../../../../contract/equipment';

/** The picks of a stored multi-select value ("flammable;toxic"). */
export const picksOf = (value: string): string[] => (value ? value.split(EHS_MULTI_SEPARATOR) : [EHS_NONE]);

/** The stored value of some picks; none left is the default option. */
export const valueOf = (picks: readonly string[]): string =>
  picks.length ? picks.join(EHS_MULTI_SEPARATOR) : EHS_NONE;

/**
 * The EHS multi-select rule (spec 2 section 4): an exclusive option (the default or NA) picked last clears every other
 * pick; a normal option removes the exclusive ones; unpicking the last option falls back to the default.
 */
export function togglePick(picks: readonly string[], option: string): string[] {
  if (picks.includes(option)) {
    const left = picks.filter((p) => p !== option);
    return left.length ? left : [EHS_NONE];
  }
  if (EHS_EXCLUSIVE.includes(option)) return [option];
  return [...picks.filter((p) => !EHS_EXCLUSIVE.includes(p)), option];
}
