import { sql, type Kysely } from 'kysely';

/**
 * Notification e-mail routing (spec 3 "E-mail routing", issue 14): the provider addresses that receive new service
 * requests, contract change requests and the three contact-us types, per country (country_code null: All, the
 * fallback), and the addresses for new service requests per region of a country.
 *
 * A location belongs to the region of its country whose code or name is its state ("MA", "Hessen"), compared without
 * case: a trigger keeps locations.region_id in step on every insert and on changes of state or country, so locations
 * created later (by the seed, an import or a form) get their region without each writer knowing about regions.
 *
 * The All routing starts as the provider mailboxes the portal used before routing existed, so nothing changes until
 * someone routes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table country_email_routing (
    id serial primary key,
    country_code char(2),
    admin_emails varchar(2000) not null default '',
    contract_change_emails varchar(2000) not null default '',
    contact_us_sales varchar(2000) not null default '',
    contact_us_relocation varchar(2000) not null default '',
    contact_us_technical_support varchar(2000) not null default '',
    updated_at timestamptz not null default now(),
    updated_by integer references users(id)
  )`.execute(db);
  // One row per country and one for All (a plain unique constraint lets several nulls in).
  await sql`create unique index country_email_routing_country on country_email_routing
    ((coalesce(country_code, '')))`.execute(db);
  await sql`insert into country_email_routing (country_code, admin_emails, contract_change_emails, contact_us_sales,
      contact_us_relocation, contact_us_technical_support)
    values (null, 'portal-requests@provider.example', 'contracts@provider.example', 'sales@provider.example',
      'instrument-relocation@provider.example', 'technical-support@provider.example')`.execute(db);

  await sql`create table regions (
    id serial primary key,
    country_code char(2) not null,
    code varchar(10) not null,
    name varchar(100) not null,
    admin_emails varchar(2000) not null default '',
    updated_at timestamptz,
    updated_by integer references users(id),
    unique (country_code, code)
  )`.execute(db);
  for (const [country, list] of Object.entries(REGIONS)) {
    const rows = list.split('|').map((entry) => {
      const [code, name] = entry.split(':') as [string, string];
      return sql`(${country}, ${code}, ${name})`;
    });
    await sql`insert into regions (country_code, code, name) values ${sql.join(rows)}`.execute(db);
  }

  await sql`alter table locations add column region_id integer references regions(id)`.execute(db);
  await sql`
    create function locations_region() returns trigger language plpgsql as $$
    begin
      new.region_id := (select r.id from regions r
        where r.country_code = upper(new.country_code)
          and (lower(r.code) = lower(trim(new.state)) or lower(r.name) = lower(trim(new.state)))
        order by r.id limit 1);
      return new;
    end $$`.execute(db);
  await sql`create trigger locations_region before insert or update of state, country_code on locations
    for each row execute function locations_region()`.execute(db);
  await sql`update locations set state = state`.execute(db);
}

/** Regions of the countries of the demo customers' sites, as code:name (ISO 3166-2 subdivisions). */
const REGIONS: Record<string, string> = {
  US:
    'AL:Alabama|AK:Alaska|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|DE:Delaware|' +
    'DC:District of Columbia|FL:Florida|GA:Georgia|HI:Hawaii|ID:Idaho|IL:Illinois|IN:Indiana|IA:Iowa|KS:Kansas|' +
    'KY:Kentucky|LA:Louisiana|ME:Maine|MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|' +
    'MO:Missouri|MT:Montana|NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|NM:New Mexico|NY:New York|' +
    'NC:North Carolina|ND:North Dakota|OH:Ohio|OK:Oklahoma|OR:Oregon|PA:Pennsylvania|RI:Rhode Island|' +
    'SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|VT:Vermont|VA:Virginia|WA:Washington|' +
    'WV:West Virginia|WI:Wisconsin|WY:Wyoming',
  DE:
    'BW:Baden-Württemberg|BY:Bayern|BE:Berlin|BB:Brandenburg|HB:Bremen|HH:Hamburg|HE:Hessen|' +
    'MV:Mecklenburg-Vorpommern|NI:Niedersachsen|NW:Nordrhein-Westfalen|RP:Rheinland-Pfalz|SL:Saarland|SN:Sachsen|' +
    'ST:Sachsen-Anhalt|SH:Schleswig-Holstein|TH:Thüringen',
  CH:
    'AG:Aargau|AR:Appenzell Ausserrhoden|AI:Appenzell Innerrhoden|BL:Basel-Landschaft|BS:Basel-Stadt|BE:Bern|' +
    'FR:Fribourg|GE:Genève|GL:Glarus|GR:Graubünden|JU:Jura|LU:Luzern|NE:Neuchâtel|NW:Nidwalden|OW:Obwalden|' +
    'SG:St. Gallen|SH:Schaffhausen|SZ:Schwyz|SO:Solothurn|TG:Thurgau|TI:Ticino|UR:Uri|VS:Valais|VD:Vaud|ZG:Zug|' +
    'ZH:Zürich',
  FR:
    'ARA:Auvergne-Rhône-Alpes|BFC:Bourgogne-Franche-Comté|BRE:Bretagne|CVL:Centre-Val de Loire|COR:Corse|' +
    'GES:Grand Est|HDF:Hauts-de-France|IDF:Île-de-France|NOR:Normandie|NAQ:Nouvelle-Aquitaine|OCC:Occitanie|' +
    "PDL:Pays de la Loire|PAC:Provence-Alpes-Côte d'Azur",
  JP:
    '01:Hokkaido|02:Aomori|03:Iwate|04:Miyagi|05:Akita|06:Yamagata|07:Fukushima|08:Ibaraki|09:Tochigi|10:Gunma|' +
    '11:Saitama|12:Chiba|13:Tokyo|14:Kanagawa|15:Niigata|16:Toyama|17:Ishikawa|18:Fukui|19:Yamanashi|20:Nagano|' +
    '21:Gifu|22:Shizuoka|23:Aichi|24:Mie|25:Shiga|26:Kyoto|27:Osaka|28:Hyogo|29:Nara|30:Wakayama|31:Tottori|' +
    '32:Shimane|33:Okayama|34:Hiroshima|35:Yamaguchi|36:Tokushima|37:Kagawa|38:Ehime|39:Kochi|40:Fukuoka|41:Saga|' +
    '42:Nagasaki|43:Kumamoto|44:Oita|45:Miyazaki|46:Kagoshima|47:Okinawa',
};
