import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ImportFailure } from '../../../contract/importProduct';
import {
  HUB_JOB_COMPLETION,
  HubJobAnswer,
  isJobCompletion,
  type HubJobCompletion,
  type HubJobKind,
} from '../../../contract/hub';
import type { Listen } from '../db/connect';
import type { Database } from '../db/schema';
import type { AppConfig } from '../deps';

/** Notified with a job's id when one is queued. */
export const HUB_JOBS_CHANNEL = 'portal_hub_jobs';
/** Notified with `<connection id> <answer>`, or `<connection id> #<hub_messages id>` for a long answer. */
export const HUB_ANSWER_CHANNEL = 'portal_hub_answer';
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7900;
/** A job not finished this long after it was claimed died with its process: its connection is told. */
export const HUB_JOB_STALE_MS = 30 * 60_000;
/** How often a process looks for queued work besides being notified. */
const POLL_MS = 5_000;

/** What a job's code gets: the caller's session (by id), and a way to answer its connection. */
export interface HubJob {
  db: Kysely<Database>;
  config: AppConfig;
  sessionId: string;
  send(answer: HubJobAnswer): void;
  log: FastifyBaseLogger;
}

export type HubJobRunners = Record<HubJobKind, (job: HubJob, message: unknown) => Promise<void>>;

/**
 * The answer that ends a job which cannot run: busy, its process died, or (with errorCode) its request was refused.
 * Both imports share the refusal codes (ProductMarketImportFailure extends ImportFailure).
 */
export const failedAnswer = (
  kind: HubJobKind,
  busy: boolean,
  invocationId?: string,
  errorCode: number = busy ? ImportFailure.Busy : ImportFailure.ServerError,
): HubJobCompletion => ({ type: HUB_JOB_COMPLETION[kind], errorCode, result: {}, importedCount: 0, invocationId });

/** The last answer of a job: its connection may send the next. */
export const isFinalAnswer = (body: string) => {
  const answer = HubJobAnswer.safeParse(JSON.parse(body));
  return answer.success && isJobCompletion(answer.data);
};

/** The invocation id of a queued request, which each of its answers carries. */
const invocationIdOf = (message: unknown) => {
  const { invocationId } = message as { invocationId?: unknown };
  return typeof invocationId === 'string' ? invocationId : undefined;
};

/** Queue a job; false when the session already has one of its kind queued or running (migration 040). */
export async function enqueueHubJob(
  db: Kysely<Database>,
  job: { connectionId: string; sessionId: string; kind: HubJobKind; message: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const queued = await trx
      .insertInto('hub_jobs')
      .values({ connection_id: job.connectionId, session_id: job.sessionId, kind: job.kind, message: job.message })
      .onConflict((oc) => oc.columns(['session_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!queued) return false;
    await sql`select pg_notify(${HUB_JOBS_CHANNEL}, ${String(queued.id)})`.execute(trx);
    return true;
  });
}

/** Send an answer to a connection, whichever server process holds it. */
export async function publishAnswer(db: Kysely<Database>, connectionId: string, answer: object): Promise<void> {
  const body = JSON.stringify(answer);
  if (Buffer.byteLength(body) + connectionId.length < NOTIFY_MAX_BYTES) {
    await sql`select pg_notify(${HUB_ANSWER_CHANNEL}, ${`${connectionId} ${body}`})`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('hub_messages')
      .values({ connection_id: connectionId, body })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`select pg_notify(${HUB_ANSWER_CHANNEL}, ${`${connectionId} #${String(id)}`})`.execute(trx);
  });
}

/** The text of an answer notification: inline, or taken from hub_messages. */
export async function answerText(db: Kysely<Database>, payload: string): Promise<string | null> {
  if (!payload.startsWith('#')) return payload;
  const row = await db
    .deleteFrom('hub_messages')
    .where('id', '=', payload.slice(1))
    .returning('body')
    .executeTakeFirst();
  return row?.body ?? null;
}

async function claimJob(db: Kysely<Database>) {
  const { rows } = await sql<{
    id: string;
    connection_id: string;
    session_id: string;
    kind: HubJobKind;
    message: string;
  }>`
    update hub_jobs set claimed_at = now()
    where id = (select id from hub_jobs where claimed_at is null order by id limit 1 for update skip locked)
    returning id, connection_id, session_id, kind, message`.execute(db);
  return rows[0];
}

/**
 * Run queued hub jobs in this process, one at a time, claimed with SKIP LOCKED so no two processes run one job.
 * Answers go out in order, straight to a connection this process holds (PGlite's one connection may be busy in the
 * job's transaction), else over LISTEN/NOTIFY. Returns the stop function, which waits for the running job.
 */
export async function runHubJobs(
  deps: {
    db: Kysely<Database>;
    config: AppConfig;
    listen: Listen;
    log: FastifyBaseLogger;
    /** Answer a connection this process holds at once; false when another process holds it. */
    answerHere(connectionId: string, text: string): boolean;
  },
  runners: HubJobRunners,
): Promise<() => Promise<void>> {
  const { db, log, answerHere } = deps;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const runOne = async (job: NonNullable<Awaited<ReturnType<typeof claimJob>>>) => {
    let answers = Promise.resolve();
    let invocationId: string | undefined;
    const deliver = (answer: HubJobAnswer) => {
      if (answerHere(job.connection_id, JSON.stringify(answer))) return;
      answers = answers.then(() => publishAnswer(db, job.connection_id, answer)).catch((err) => log.warn({ err }));
    };
    // The last answer waits until the job has left the queue: the session's next job of its kind is refused as busy
    // while this one is there (migration 040). A job that throws still ends with an answer.
    let final: HubJobAnswer | null = null;
    const send = (answer: HubJobAnswer) => {
      const tagged = { ...answer, invocationId };
      return isJobCompletion(tagged) ? void (final = tagged) : deliver(tagged);
    };
    try {
      const message: unknown = JSON.parse(job.message);
      invocationId = invocationIdOf(message);
      await runners[job.kind]({ ...deps, sessionId: job.session_id, send }, message);
    } catch (err) {
      log.error({ err }, 'hub job failed');
    } finally {
      try {
        await db.deleteFrom('hub_jobs').where('id', '=', job.id).execute();
      } finally {
        deliver(final ?? failedAnswer(job.kind, false, invocationId));
        await answers;
      }
    }
  };
  const drain = () => {
    if (running) return void (again = true);
    running = (async () => {
      do {
        again = false;
        for (let job = await claimJob(db); job && !stopped; job = await claimJob(db)) {
          await runOne(job).catch((err: unknown) => log.error({ err }, 'hub job failed'));
        }
      } while (again && !stopped);
    })()
      .catch((err: unknown) => log.warn({ err }, 'hub jobs'))
      .finally(() => (running = null));
  };

  const unlisten = await deps.listen(HUB_JOBS_CHANNEL, drain);
  const timer = setInterval(drain, POLL_MS);
  timer.unref();
  drain();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
    await running;
  };
}

const parseQueued = (message: string): unknown => {
  try {
    return JSON.parse(message) as unknown;
  } catch {
    return undefined;
  }
};

/** Jobs whose process died: their connections get a failed answer. Answers nobody took go after an hour. */
export async function purgeHubJobs(db: Kysely<Database>, staleMs = HUB_JOB_STALE_MS): Promise<void> {
  const stale = await db
    .deleteFrom('hub_jobs')
    .where('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
    .returning(['connection_id', 'kind', 'message'])
    .execute();
  for (const job of stale) {
    const answer = failedAnswer(job.kind as HubJobKind, false, invocationIdOf(parseQueued(job.message)));
    await publishAnswer(db, job.connection_id, answer);
  }
  await sql`delete from hub_messages where created_at < now() - interval '1 hour'`.execute(db);
}
