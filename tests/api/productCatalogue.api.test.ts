import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES } from '../../contract/images';
import { AccessCode } from '../../contract/permissions';
import type { ProductMarketInfoRow } from '../../contract/productMarketInfo';
import { startApiServer } from '../support/apiServer';
import { resultOf, uploadThroughSignedUrl } from '../support/apiCalls';
import { png } from '../support/images';
import { catalogueFile, generatedEntries, uploadCatalogue, type CatalogueEntry } from '../support/catalogueFiles';
import { signedIn, type InjectClient } from '../support/injectClient';
import { xlsOf } from '../support/xlsFiles';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

const PE = 'pe@provider.example';
const XLS_TYPE = 'application/vnd.ms-excel';
const HOSTILE =
  '<p onclick="steal()">Safe <strong>bold</strong></p><script>alert(1)</script><img src=x onerror="alert(2)">' +
  '<a href="javascript:alert(3)">bad</a><a href="https://catalogue.example/x">good</a>' +
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>';

const catalogueCount = async (where = sql<boolean>`true`) =>
  Number(
    (
      await db()
        .selectFrom('product_market_info')
        .select(sql<number>`count(*)::int`.as('n'))
        .where(where)
        .executeTakeFirstOrThrow()
    ).n,
  );

const listPage = async (client: InjectClient, query: { keyword?: string; pageIndex?: number; pageSize?: number }) =>
  resultOf<{ items: ProductMarketInfoRow[]; totalCount: number }>(await client.productMarketInfo.list({ query }));

async function importEntries(client: InjectClient, entries: CatalogueEntry[]) {
  const file = await uploadCatalogue(server.app, client, await catalogueFile(entries));
  return client.productMarketInfo.import({ body: file });
}

/** Inert: no script, frame, style, event handler or javascript: address left. */
const expectInert = (html: string | null) => {
  expect(html).not.toMatch(/<script|<iframe|<style|<img|onerror|onclick|javascript:/i);
};

describe('GET Configuration/productMarketInfo', () => {
  it('pages the catalogue in part-number order and filters by free text on the part number', async () => {
    const { client } = await signedIn(server.app, PE);
    const total = await catalogueCount();
    expect(total).toBeGreaterThan(3);
    const first = await listPage(client, { pageIndex: 0, pageSize: 2 });
    const second = await listPage(client, { pageIndex: 1, pageSize: 2 });
    expect(first.totalCount).toBe(total);
    expect(first.items).toHaveLength(2);
    const numbers = [...first.items, ...second.items].map((r) => r.partNumber);
    expect(numbers).toEqual([...numbers].sort());
    expect(new Set(numbers).size).toBe(4);
    expect(Date.parse(first.items[0]!.createTime)).not.toBeNaN();

    const sample = first.items[1]!.partNumber;
    const part = sample.slice(1, 5).toLowerCase();
    const found = await listPage(client, { keyword: part });
    expect(found.items.map((r) => r.partNumber)).toContain(sample);
    expect(found.items.every((r) => r.partNumber.toLowerCase().includes(part))).toBe(true);
    // Pattern characters are plain text.
    expect((await listPage(client, { keyword: '%' })).totalCount).toBe(0);
  });

  it('answers the admin mode prefix too', async () => {
    const { adminClient } = await signedIn(server.app, PE);
    expect((await listPage(adminClient as unknown as InjectClient, { pageSize: 1 })).items).toHaveLength(1);
  });
});

describe('PUT Configuration/productMarketInfo (import of an uploaded file)', () => {
  it('adds new part numbers and replaces existing ones, sanitising the descriptions, and removes the upload', async () => {
    const { client } = await signedIn(server.app, PE);
    const existing = await db()
      .selectFrom('product_market_info')
      .selectAll()
      .orderBy('part_number')
      .executeTakeFirstOrThrow();
    const [fresh] = generatedEntries(1, 'IMPOK');
    const replaced: CatalogueEntry = {
      partNumber: existing.part_number,
      brandName: existing.brand_name,
      modelName: existing.model_name,
      displayName: 'Replaced display name',
      shortDescription: '<p>Replaced <em>short</em> text</p>',
      longDescription: HOSTILE,
      width: 42,
    };
    const file = await uploadCatalogue(server.app, client, await catalogueFile([fresh!, replaced]));
    const answer = await client.productMarketInfo.import({ body: file });
    expect(resultOf(answer)).toEqual({ importedCount: 2 });

    const after = await db()
      .selectFrom('product_market_info')
      .selectAll()
      .where('part_number', '=', existing.part_number)
      .executeTakeFirstOrThrow();
    expect(after.display_name).toBe('Replaced display name');
    expect(after.width).toBe('42');
    expect(after.meta_description).toBeNull();
    expect(new Date(after.created_at as never).getTime()).toBe(new Date(existing.created_at as never).getTime());
    expectInert(after.long_description);
    expect(after.long_description).toContain('<strong>bold</strong>');
    expect(after.long_description).toContain('href="https://catalogue.example/x"');
    const added = await listPage(client, { keyword: 'IMPOK' });
    expect(added.items).toMatchObject([{ partNumber: 'IMPOK00001', brandName: 'Catalogue Test Instruments' }]);

    // The upload is gone: it cannot be imported twice.
    const stored = await db()
      .selectFrom('stored_objects')
      .select('resource_key')
      .where('resource_key', '=', file.resourceKey)
      .execute();
    expect(stored).toEqual([]);
    expect((await client.productMarketInfo.import({ body: file })).status).toBe(400);
  });

  it('imports a catalogue saved as Excel 97-2003 (.xls), and names its problem rows as in an .xlsx', async () => {
    const { client } = await signedIn(server.app, PE);
    const entries = generatedEntries(3, 'XLSCAT');
    const xls = await xlsOf(await catalogueFile(entries));
    const uploadXls = (bytes: Buffer) => uploadCatalogue(server.app, client, bytes, 'catalogue.xls', XLS_TYPE);

    const answer = await client.productMarketInfo.import({ body: await uploadXls(xls) });
    expect(resultOf(answer)).toEqual({ importedCount: 3 });
    const added = await listPage(client, { keyword: 'XLSCAT' });
    expect(added.items.map((item) => item.partNumber)).toEqual(['XLSCAT00001', 'XLSCAT00002', 'XLSCAT00003']);
    expect(added.items[1]).toMatchObject({ brandName: 'Catalogue Test Instruments', modelName: 'CT-00002' });

    const [, second] = generatedEntries(2, 'XLSBAD');
    const withoutBrand = await xlsOf(await catalogueFile([{ ...second!, brandName: '' }]));
    const failed = await client.productMarketInfo.import({ body: await uploadXls(withoutBrand) });
    const failedAsXlsx = await importEntries(client, [{ ...second!, brandName: '' }]);
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual(failedAsXlsx.body);
    expect((failed.body as { errorMessage: string }).errorMessage).toMatch(/row 3: /);
    expect(await catalogueCount(sql<boolean>`part_number like 'XLSBAD%'`)).toBe(0);
  }, 60_000);

  it('refuses an .xls that is no workbook, and one over the size limit before it is stored', async () => {
    const { client } = await signedIn(server.app, PE);
    const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const notAnXls = await uploadCatalogue(
      server.app,
      client,
      Buffer.concat([ole2, Buffer.alloc(1_024)]),
      'catalogue.xls',
      XLS_TYPE,
    );
    const answer = await client.productMarketInfo.import({ body: notAnXls });
    expect(answer.status).toBe(400);
    expect((answer.body as { errorMessage: string }).errorMessage).toBe('import_failed (16042)');
    const tooLarge = await client.images.requestUploadUrl({
      body: {
        fileName: 'catalogue.xls',
        contentType: XLS_TYPE,
        size: PRODUCT_MARKET_INFO_IMPORT_MAX_BYTES + 1,
        fileType: 'ProductMarketInfo',
      },
    });
    expect(tooLarge.status).toBe(400);
  });

  it('imports nothing when a row of a generated file fails at row 5,000, and names the row', async () => {
    const { client } = await signedIn(server.app, PE);
    const before = await catalogueCount();
    const entries = generatedEntries(6_000, 'ROWFAIL');
    // Data starts on row 3: entry 4,997 is Excel row 5,000.
    entries[4_997] = { ...entries[4_997], partNumber: 'X'.repeat(41) };
    const answer = await importEntries(client, entries);
    expect(answer.status).toBe(400);
    expect((answer.body as { errorMessage: string }).errorMessage).toMatch(/row 5000: 16201/);
    expect(await catalogueCount()).toBe(before);
  }, 120_000);

  it('takes back every row when saving fails at row 5,000', async () => {
    const { client } = await signedIn(server.app, PE);
    const before = await catalogueCount();
    await sql`create function refuse_row_5000() returns trigger language plpgsql as $$
      begin
        if new.part_number = 'DBFAIL04998' then raise exception 'refused by the test'; end if;
        return new;
      end $$`.execute(db());
    await sql`create trigger refuse_row_5000 before insert on product_market_info
      for each row execute function refuse_row_5000()`.execute(db());
    try {
      const answer = await importEntries(client, generatedEntries(6_000, 'DBFAIL'));
      expect(answer.status).toBe(500);
      expect(await catalogueCount()).toBe(before);
      expect(await catalogueCount(sql<boolean>`part_number like 'DBFAIL%'`)).toBe(0);
    } finally {
      await sql`drop trigger refuse_row_5000 on product_market_info`.execute(db());
      await sql`drop function refuse_row_5000()`.execute(db());
    }
  }, 120_000);

  it('names every problem row: missing brand, bad address, too long, the same part number twice', async () => {
    const { client } = await signedIn(server.app, PE);
    const [a, b, c, d] = generatedEntries(4, 'PROBLEM');
    const answer = await importEntries(client, [
      { ...a, brandName: null },
      { ...b, productUrl: 'javascript:alert(1)' },
      { ...c, weight: 'w'.repeat(51) },
      { ...d, partNumber: a!.partNumber },
    ]);
    expect(answer.status).toBe(400);
    expect((answer.body as { errorMessage: string }).errorMessage).toBe(
      'import_failed (16050): row 3: 16203; row 4: 16207; row 5: 16212; row 6: 16215',
    );
    expect(await catalogueCount(sql<boolean>`part_number like 'PROBLEM%'`)).toBe(0);
  });

  it('refuses, as a row problem, a product page the server must not fetch: internal address, localhost, port', async () => {
    const { client } = await signedIn(server.app, PE);
    const internal = [
      'http://127.0.0.1:8080/products/x',
      'http://localhost/products/x',
      'http://10.0.0.1/products/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/products/x',
      'http://[::ffff:7f00:1]/products/x',
      'https://catalogue.example:8443/products/x',
    ];
    const entries = generatedEntries(internal.length + 1, 'INTERNAL');
    const answer = await importEntries(
      client,
      entries.map((entry, i) => (i < internal.length ? { ...entry, productUrl: internal[i]! } : entry)),
    );
    expect(answer.status).toBe(400);
    expect((answer.body as { errorMessage: string }).errorMessage).toBe(
      `import_failed (16050): ${internal.map((_, i) => `row ${i + 3}: 16207`).join('; ')}`,
    );
    expect(await catalogueCount(sql<boolean>`part_number like 'INTERNAL%'`)).toBe(0);
  });

  it('refuses a file of the wrong type before it is stored, and a stored file that is no workbook', async () => {
    const { client } = await signedIn(server.app, PE);
    const csv = await client.images.requestUploadUrl({
      body: { fileName: 'catalogue.csv', contentType: 'text/csv', size: 10, fileType: 'ProductMarketInfo' },
    });
    expect(csv.status).toBe(400);
    const pdfAsXlsx = await client.images.requestUploadUrl({
      body: { fileName: 'catalogue.xlsx', contentType: 'application/pdf', size: 10, fileType: 'ProductMarketInfo' },
    });
    expect(pdfAsXlsx.status).toBe(400);
    const notAWorkbook = await uploadCatalogue(server.app, client, Buffer.from('part number;brand\nA;B\n'));
    const answer = await client.productMarketInfo.import({ body: notAWorkbook });
    expect(answer.status).toBe(400);
    expect((answer.body as { errorMessage: string }).errorMessage).toBe('import_failed (16042)');
  });
});

describe('PUT Configuration/productMarketInfo/{partNumber}', () => {
  it('saves both descriptions, sanitised so hostile HTML is stored inert', async () => {
    const { client } = await signedIn(server.app, PE);
    const row = await db().selectFrom('product_market_info').select('part_number').executeTakeFirstOrThrow();
    const saved = resultOf<ProductMarketInfoRow>(
      await client.productMarketInfo.updateDescriptions({
        params: { partNumber: row.part_number },
        body: { shortDescription: '<p>Short <u>one</u></p>', longDescription: HOSTILE },
      }),
    );
    expect(saved.shortDescription).toBe('<p>Short <u>one</u></p>');
    expectInert(saved.longDescription);
    const stored = await db()
      .selectFrom('product_market_info')
      .select('long_description')
      .where('part_number', '=', row.part_number)
      .executeTakeFirstOrThrow();
    expect(stored.long_description).toBe(saved.longDescription);
    expectInert(stored.long_description);
  });

  it('answers 404 for an unknown part number and 400 for bad input', async () => {
    const { client } = await signedIn(server.app, PE);
    const body = { shortDescription: 'x', longDescription: 'y' };
    expect((await client.productMarketInfo.updateDescriptions({ params: { partNumber: 'NOPE-1' }, body })).status).toBe(
      404,
    );
    const tooLongPart = { partNumber: 'P'.repeat(41) };
    expect((await client.productMarketInfo.updateDescriptions({ params: tooLongPart, body })).status).toBe(400);
    const row = await db().selectFrom('product_market_info').select('part_number').executeTakeFirstOrThrow();
    const longShort = { shortDescription: 's'.repeat(2_001), longDescription: null };
    expect(
      (await client.productMarketInfo.updateDescriptions({ params: { partNumber: row.part_number }, body: longShort }))
        .status,
    ).toBe(400);
    // Escaping makes 2,000 characters of `<` longer than the column: refused, not cut.
    const escapesLonger = { shortDescription: '<'.repeat(2_000), longDescription: null };
    expect(
      (
        await client.productMarketInfo.updateDescriptions({
          params: { partNumber: row.part_number },
          body: escapesLonger,
        })
      ).status,
    ).toBe(400);
    expect((await client.productMarketInfo.list({ query: { pageSize: 0 } })).status).toBe(400);
    expect((await client.productMarketInfo.list({ query: { pageSize: 1_001 } })).status).toBe(400);
    expect((await client.productMarketInfo.list({ query: { keyword: 'k'.repeat(201) } })).status).toBe(400);
    const badKey = { resourceKey: '../etc/passwd', bucketName: 'portal-product-market-info' };
    expect((await client.productMarketInfo.import({ body: badKey })).status).toBe(400);
    // The caller's own upload of another kind is not a catalogue file, and stays where it is.
    const avatar = await uploadThroughSignedUrl(server.app, client, {
      fileName: 'me.png',
      contentType: 'image/png',
      fileType: 'Avatar',
      bytes: png(8),
    });
    const ownAvatar = { resourceKey: avatar.resourceKey, bucketName: avatar.bucketName };
    expect((await client.productMarketInfo.import({ body: ownAvatar })).status).toBe(400);
    const kept = await db()
      .selectFrom('stored_objects')
      .select('state')
      .where('resource_key', '=', avatar.resourceKey)
      .executeTakeFirst();
    expect(kept?.state).toBe('stored');
    const otherBucket = { resourceKey: 'x/ProductMarketInfo/a.xlsx', bucketName: 'portal-equipment' };
    expect((await client.productMarketInfo.import({ body: otherBucket })).status).toBe(400);
  });
});

describe('who may administer the catalogue', () => {
  it('refuses a customer user with 403, in either mode', async () => {
    const { client, adminClient } = await signedIn(server.app, 'admin@acme-labs.example');
    const row = await db().selectFrom('product_market_info').select('part_number').executeTakeFirstOrThrow();
    expect((await client.productMarketInfo.list({ query: {} })).status).toBe(403);
    expect((await adminClient.productMarketInfo.list({ query: {} })).status).toBe(403);
    const body = { shortDescription: 'x', longDescription: 'y' };
    expect(
      (await client.productMarketInfo.updateDescriptions({ params: { partNumber: row.part_number }, body })).status,
    ).toBe(403);
    const file = { resourceKey: 'x/ProductMarketInfo/a.xlsx', bucketName: 'portal-product-market-info' };
    expect((await client.productMarketInfo.import({ body: file })).status).toBe(403);
  });

  it('refuses a PE user without the admin access code with 403, and changes nothing', async () => {
    const pe = await db().selectFrom('users').select('id').where('email', '=', PE).executeTakeFirstOrThrow();
    const { client } = await signedIn(server.app, PE);
    const file = await uploadCatalogue(server.app, client, await catalogueFile(generatedEntries(1, 'NOCODE')));
    await db()
      .deleteFrom('user_access_codes')
      .where('user_id', '=', pe.id)
      .where('access_code', '=', AccessCode.Admin)
      .execute();
    try {
      expect((await client.productMarketInfo.list({ query: {} })).status).toBe(403);
      expect((await client.productMarketInfo.import({ body: file })).status).toBe(403);
      expect(await catalogueCount(sql<boolean>`part_number like 'NOCODE%'`)).toBe(0);
    } finally {
      await db().insertInto('user_access_codes').values({ user_id: pe.id, access_code: AccessCode.Admin }).execute();
    }
  });
});
