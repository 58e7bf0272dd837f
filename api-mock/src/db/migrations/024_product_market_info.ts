import { sql, type Kysely } from 'kysely';

/**
 * The provider's product catalogue (spec 2 "Product market info", spec 3 "Product info" import): one row per part
 * number, matched to an instrument by make and model regardless of case. The admin import fills it; the demo world
 * seeds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table product_market_info (
    part_number varchar(40) primary key,
    brand_name varchar(100) not null,
    model_name varchar(100) not null,
    display_name varchar(200),
    short_description varchar(2000),
    long_description text check (length(long_description) <= 20000),
    length varchar(50),
    depth varchar(50),
    height varchar(50),
    width varchar(50),
    weight varchar(50),
    large_image_url varchar(2000),
    product_url varchar(2000),
    meta_description varchar(500),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`.execute(db);
  await sql`create index product_market_info_make_model
    on product_market_info (lower(brand_name), lower(model_name), part_number)`.execute(db);
}
