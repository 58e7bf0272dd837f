import { sql, type Kysely } from 'kysely';

/** The calendar's orders on the instrument itself; by city it sorts, as the city is the location's. */
const CALENDAR_ORDER_COLUMNS = ['serial', 'system_nick_name', 'system_id'];

/**
 * The calendar lists the instruments without the order's value last, where the list indexes keep them first, so a
 * page of the calendar sorted every instrument of the list (309 ms of a 200,000-instrument week on PGlite). An index
 * in the calendar's order is walked for one page instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of CALENDAR_ORDER_COLUMNS) {
    const name = sql.id(`equipment_customer_${column}_nulls_last`);
    await sql`create index if not exists ${name} on equipment (customer_id, ${sql.id(column)} nulls last, id)`.execute(
      db,
    );
  }
}
