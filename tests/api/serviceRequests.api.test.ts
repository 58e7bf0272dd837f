import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { ErrorCode } from '../../contract/errors';
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, SERVICE_REQUEST_ATTACHMENT_MAX_BYTES } from '../../contract/images';
import { SERVICE_WORK_TYPE_IDS, SCHEDULED_EVENT_IDS } from '../../contract/limits';
import { SERVICE_REQUEST_REFUSAL, ServicePriority, type ServiceRequestInput } from '../../contract/serviceCalls';
import { uploadThroughSignedUrl } from '../support/apiCalls';
import { leavesNoTrace, traceCounts } from '../support/traces';
import { startApiServer } from '../support/apiServer';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

let server: Awaited<ReturnType<typeof startApiServer>>;
let acme: InjectClient;
let globex: InjectClient;
let acmeId: number;
beforeAll(async () => {
  server = await startApiServer();
  acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
  globex = (await signedIn(server.app, 'user@globex.example')).client;
  acmeId = (await db().selectFrom('customers').select('id').where('name', '=', 'Acme Labs').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => server.close());

const db = () => server.database.db;

const userOf = (email: string) =>
  db()
    .selectFrom('users')
    .select(['id', 'customer_id', 'first_name', 'last_name'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

const equipmentOf = (customerName: string) =>
  db()
    .selectFrom('equipment')
    .innerJoin('customers', 'customers.id', 'equipment.customer_id')
    .select(['equipment.id', 'equipment.mfg', 'equipment.model'])
    .where('customers.name', '=', customerName)
    .orderBy('equipment.id')
    .executeTakeFirstOrThrow();

const request = (overrides: Partial<ServiceRequestInput> = {}): ServiceRequestInput => ({
  equipmentId: null,
  requestForOther: false,
  requestForUserId: null,
  issueType: String(SERVICE_WORK_TYPE_IDS[0]),
  priority: ServicePriority.Medium,
  issueText: 'The pump makes a grinding noise &amp; pressure drops after 10 minutes.',
  attachFiles: [],
  requestEmail: '',
  contactName: 'Uma Standard',
  email: 'user@acme-labs.example',
  officePhone: '+1 617 555 0100',
  ...overrides,
});

const counts = traceCounts(
  db,
  { calls: 'service_calls', attachments: 'service_call_attachments', mails: 'mail_outbox' },
  'serviceCall',
);

/** Runs a refused call and checks that nothing at all was stored, queued or recorded. */
const refusedWithoutTrace = <T>(call: () => Promise<T>) => leavesNoTrace(counts, call);

const issuesOf = (res: { body: unknown }) => ((res.body as ErrorBody).issues ?? []).map((i) => [i.path, i.message]);

async function created(res: { status: number; body: unknown }) {
  const body = res.body as { errorCode: number; result?: { requestId: number; serviceOrderNo: string } };
  if (res.status !== 200 || body.errorCode !== 0) throw new Error(`expected success: ${JSON.stringify(res.body)}`);
  const row = await db()
    .selectFrom('service_calls')
    .selectAll()
    .where('id', '=', body.result!.requestId)
    .executeTakeFirstOrThrow();
  return { ...body.result!, row };
}

/** Uploads some bytes as a service-request attachment through the signed URL, as the browser does. */
async function uploadAttachment(client: InjectClient, fileName = 'noise.pdf', bytes = Buffer.from('%PDF-1.4 test')) {
  const upload = await uploadThroughSignedUrl(server.app, client, {
    fileName,
    contentType: 'application/pdf',
    fileType: 'ServiceRequestAttachment',
    bytes,
  });
  return { resourceKey: upload.resourceKey, bucketName: upload.bucketName, fileName, size: bytes.length };
}

describe('POST ServiceCall: raising a service request', () => {
  it('stores a request without equipment as an open service call of the customer, with an event and a mail', async () => {
    const before = Date.now();
    const res = await acme.serviceCalls.createRequest({ body: request() });
    const { serviceOrderNo, row, requestId } = await created(res);
    const me = await userOf('user@acme-labs.example');

    expect(serviceOrderNo).toMatch(/^SR\d{8}$/);
    expect(row).toMatchObject({
      customer_id: acmeId,
      equipment_id: null,
      service_order_no: serviceOrderNo,
      call_status: 'OPEN',
      job_type: 'Repair',
      issue_type: String(SERVICE_WORK_TYPE_IDS[0]),
      priority: ServicePriority.Medium,
      issue_text: 'The pump makes a grinding noise &amp; pressure drops after 10 minutes.',
      contact_name: `${me.first_name} ${me.last_name}`,
      email: 'user@acme-labs.example',
      office_phone: '+1 617 555 0100',
      requested_by: me.id,
      request_for_user_id: null,
      request_email: null,
      start_date: null,
    });
    expect(new Date(row.date_time_call_received as unknown as string).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const events = await db()
      .selectFrom('events')
      .select(['event_type', 'customer_id', 'actor_id', 'payload'])
      .where('entity_type', '=', 'serviceCall')
      .where('entity_id', '=', String(requestId))
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event_type: 'serviceCall.requested', customer_id: acmeId, actor_id: me.id });

    const mail = await db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addresses).toBe('user@acme-labs.example');
    expect(mail.subject).toContain(serviceOrderNo);
    // The mail is plain text: the escaped issue text reads as typed.
    expect(mail.body).toContain('grinding noise & pressure drops');
    expect(mail.body).toContain('Priority: Medium');
  });

  it('keeps the contact name and e-mail of the signed-in user, whatever the body says (read-only fields)', async () => {
    const { row } = await created(
      await acme.serviceCalls.createRequest({
        body: request({ contactName: 'Someone Else', email: 'someone@elsewhere.example' }),
      }),
    );
    expect(row.email).toBe('user@acme-labs.example');
    expect(row.contact_name).not.toBe('Someone Else');
  });

  it('gives every request its own, increasing service order number', async () => {
    const first = await created(await acme.serviceCalls.createRequest({ body: request() }));
    const second = await created(await acme.serviceCalls.createRequest({ body: request() }));
    expect(second.serviceOrderNo).not.toBe(first.serviceOrderNo);
    expect(second.serviceOrderNo > first.serviceOrderNo).toBe(true);
  });

  it('stores a request for an equipment, on behalf of a colleague, with the list, an attachment and the mails', async () => {
    const equipment = await equipmentOf('Acme Labs');
    const manager = await userOf('manager@acme-labs.example');
    const file = await uploadAttachment(acme);
    const res = await acme.serviceCalls.createRequest({
      body: request({
        equipmentId: equipment.id,
        requestForOther: true,
        requestForUserId: manager.id,
        issueType: String(SERVICE_WORK_TYPE_IDS[1]),
        priority: ServicePriority.Urgent,
        requestEmail: 'lab.one@acme-labs.example; lab.two@acme-labs.example',
        attachFiles: [file],
      }),
    });
    const { row, requestId, serviceOrderNo } = await created(res);
    expect(row).toMatchObject({
      equipment_id: equipment.id,
      request_for_user_id: manager.id,
      priority: ServicePriority.Urgent,
      job_type: 'Installation',
      request_email: 'lab.one@acme-labs.example;lab.two@acme-labs.example',
    });
    const attachments = await db()
      .selectFrom('service_call_attachments')
      .selectAll()
      .where('service_call_id', '=', requestId)
      .execute();
    expect(attachments).toEqual([
      expect.objectContaining({ resource_key: file.resourceKey, file_name: 'noise.pdf', size: file.size }),
    ]);
    const mail = await db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addresses.split(';')).toEqual([
      'user@acme-labs.example',
      'manager@acme-labs.example',
      'lab.one@acme-labs.example',
      'lab.two@acme-labs.example',
    ]);
    expect(mail.subject).toBe(`Service request ${serviceOrderNo}: Installation, ${equipment.mfg} ${equipment.model}`);
    expect(mail.body).toContain('Priority: Urgent');
    expect(mail.body).toContain('Attachment: noise.pdf');
  });

  it('mails each address once, even when the requester is on the notification list too', async () => {
    await created(
      await acme.serviceCalls.createRequest({
        body: request({ requestEmail: 'USER@acme-labs.example;desk@acme-labs.example' }),
      }),
    );
    const mail = await db().selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.to_addresses).toBe('user@acme-labs.example;desk@acme-labs.example');
  });
});

describe('POST ServiceCall: rules (spec 2 section 5), nothing stored when refused', () => {
  it('needs the issue type, priority and issue text, with required_field', async () => {
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({
        body: { ...request({ issueType: '  ', issueText: '' }), priority: undefined } as never,
      }),
    );
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual(
      expect.arrayContaining([
        [['issueType'], 'required_field'],
        [['priority'], 'required_field'],
        [['issueText'], 'required_field'],
      ]),
    );
  });

  it('needs the requested-for user when requesting for someone else', async () => {
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ requestForOther: true, requestForUserId: null }) }),
    );
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([[['requestForUserId'], 'required_field']]);
  });

  it('refuses an invalid address in the notification list with lblEmailsWarning', async () => {
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ requestEmail: 'lab@acme-labs.example;not-an-address' }) }),
    );
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([[['requestEmail'], 'lblEmailsWarning']]);
  });

  it('refuses the same address twice in the notification list (case-insensitive)', async () => {
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({
        body: request({ requestEmail: 'lab@acme-labs.example; LAB@acme-labs.example' }),
      }),
    );
    expect(res.status).toBe(400);
    expect(issuesOf(res)).toEqual([[['requestEmail'], 'lblEmailsWarning']]);
  });

  it('refuses an office phone longer than 20 characters or with letters', async () => {
    for (const officePhone of ['+1 617 555 0100 12345', 'call me']) {
      const res = await refusedWithoutTrace(() => acme.serviceCalls.createRequest({ body: request({ officePhone }) }));
      expect(res.status).toBe(400);
      expect(issuesOf(res).map(([path]) => path)).toEqual([['officePhone']]);
    }
  });

  it('refuses a priority outside Urgent 1 .. Very Low 5', async () => {
    const res = await refusedWithoutTrace(() => acme.serviceCalls.createRequest({ body: request({ priority: 6 }) }));
    expect(res.status).toBe(400);
  });

  it('refuses an issue type that is not a service-work type of the configuration', async () => {
    for (const issueType of ['999', String(SCHEDULED_EVENT_IDS[0]), 'Repair']) {
      const res = await refusedWithoutTrace(() => acme.serviceCalls.createRequest({ body: request({ issueType }) }));
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).errorMessage).toBe(SERVICE_REQUEST_REFUSAL.issueType);
    }
  });

  it('refuses a requested-for user of another customer', async () => {
    const stranger = await userOf('user@globex.example');
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ requestForOther: true, requestForUserId: stranger.id }) }),
    );
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errorMessage).toBe(SERVICE_REQUEST_REFUSAL.requestedFor);
  });

  it('refuses a requested-for user who is disabled', async () => {
    const colleague = await db()
      .selectFrom('users')
      .select('id')
      .where('customer_id', '=', acmeId)
      .where('email', 'not in', [
        'user@acme-labs.example',
        'manager@acme-labs.example',
        'admin@acme-labs.example',
        'new@acme-labs.example',
      ])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db().updateTable('users').set({ is_active: false }).where('id', '=', colleague.id).execute();
    try {
      const res = await refusedWithoutTrace(() =>
        acme.serviceCalls.createRequest({ body: request({ requestForOther: true, requestForUserId: colleague.id }) }),
      );
      expect((res.body as ErrorBody).errorMessage).toBe(SERVICE_REQUEST_REFUSAL.requestedFor);
    } finally {
      await db().updateTable('users').set({ is_active: true }).where('id', '=', colleague.id).execute();
    }
  });

  it('refuses equipment of another customer as not found (10002)', async () => {
    const foreign = await equipmentOf('Globex Corporation');
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ equipmentId: foreign.id }) }),
    );
    expect(res.status).toBe(200);
    expect((res.body as ErrorBody).errorCode).toBe(ErrorCode.EquipmentNotFound);
  });

  it('refuses an unknown equipment as not found (10002)', async () => {
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ equipmentId: 2_000_000_000 }) }),
    );
    expect((res.body as ErrorBody).errorCode).toBe(ErrorCode.EquipmentNotFound);
  });

  it('needs a session and the anti-forgery header', async () => {
    const anonymous = injectClient(server.app).client;
    const signedOut = await refusedWithoutTrace(() => anonymous.serviceCalls.createRequest({ body: request() }));
    expect(signedOut.status).toBe(401);
    const forged = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request(), xsrf: false } as never),
    );
    expect(forged.status).toBe(403);
  });
});

describe('POST ServiceCall: the attachment (1 file, 5 MB, pdf jpg jpeg jpe jif gif png doc docx xls xlsx)', () => {
  it('refuses a file that was never uploaded', async () => {
    const real = await uploadAttachment(acme);
    const missing = { ...real, resourceKey: real.resourceKey.replace(/[^/]+(?=\.pdf$)/, '0'.repeat(32)) };
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ attachFiles: [missing] }) }),
    );
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errorMessage).toBe(SERVICE_REQUEST_REFUSAL.attachmentMissing);
  });

  it('refuses a file of another customer', async () => {
    const theirs = await uploadAttachment(globex);
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({ body: request({ attachFiles: [theirs] }) }),
    );
    expect(res.status).toBe(403);
  });

  it('refuses a file of the customer that was uploaded for something else (another bucket or folder)', async () => {
    const upload = await uploadThroughSignedUrl(server.app, acme, {
      fileName: 'pump.png',
      contentType: 'image/png',
      fileType: 'EquipmentImage',
      bytes: Buffer.alloc(10, 1),
    });
    const res = await refusedWithoutTrace(() =>
      acme.serviceCalls.createRequest({
        body: request({
          attachFiles: [
            { resourceKey: upload.resourceKey, bucketName: upload.bucketName, fileName: 'pump.png', size: 10 },
          ],
        }),
      }),
    );
    expect(res.status).toBe(403);
  });

  it('refuses more than one file, a file type not in the list, and a file over 5 MB', async () => {
    const file = await uploadAttachment(acme);
    const cases: [Partial<ServiceRequestInput>, string][] = [
      [{ attachFiles: [file, { ...file, fileName: 'second.pdf' }] }, 'too_big'],
      [{ attachFiles: [{ ...file, fileName: 'notes.txt' }] }, FILE_TYPE_MESSAGE],
      [{ attachFiles: [{ ...file, size: SERVICE_REQUEST_ATTACHMENT_MAX_BYTES + 1 }] }, FILE_SIZE_MESSAGE],
    ];
    for (const [overrides, expected] of cases) {
      const res = await refusedWithoutTrace(() => acme.serviceCalls.createRequest({ body: request(overrides) }));
      expect(res.status).toBe(400);
      const issues = (res.body as ErrorBody).issues ?? [];
      expect(issues.some((i) => i.message === expected || i.code === expected)).toBe(true);
    }
  });

  it('keeps the size of the stored file, not the size the request declares', async () => {
    const file = await uploadAttachment(acme, 'photo-of-leak.pdf');
    const { requestId } = await created(
      await acme.serviceCalls.createRequest({ body: request({ attachFiles: [{ ...file, size: 1 }] }) }),
    );
    const stored = await db()
      .selectFrom('service_call_attachments')
      .select('size')
      .where('service_call_id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(stored.size).toBe(file.size);
  });
});

describe('GET users/customer/users: the requested-for lookup', () => {
  it('lists active users of the current customer whose name or e-mail contains the keyword', async () => {
    const res = await acme.accountManagement.customerUsers({ query: { keyword: 'MANAGER@acme' } });
    expect(res.body).toEqual({
      errorCode: 0,
      result: { items: [expect.objectContaining({ emailAddress: 'manager@acme-labs.example' })] },
    });
    const manager = await userOf('manager@acme-labs.example');
    const byName = await acme.accountManagement.customerUsers({
      query: { keyword: `${manager.first_name} ${manager.last_name}` },
    });
    const items = (byName.body as { result: { items: { userId: number; displayName: string }[] } }).result.items;
    expect(items).toContainEqual({
      userId: manager.id,
      emailAddress: 'manager@acme-labs.example',
      displayName: `${manager.first_name} ${manager.last_name}`,
    });
  });

  it('never lists users of another customer, nor disabled users', async () => {
    const all = await acme.accountManagement.customerUsers({ query: { keyword: '' } });
    const items = (all.body as { result: { items: { userId: number; emailAddress: string }[] } }).result.items;
    expect(items.length).toBeGreaterThan(2);
    const customers = await db()
      .selectFrom('users')
      .select(['customer_id', 'is_active'])
      .where(
        'id',
        'in',
        items.map((i) => i.userId),
      )
      .execute();
    expect(customers.every((u) => u.customer_id === acmeId && u.is_active)).toBe(true);

    const foreign = await acme.accountManagement.customerUsers({ query: { keyword: 'globex' } });
    expect(foreign.body).toEqual({ errorCode: 0, result: { items: [] } });
  });

  it('takes the keyword literally (% and _ are not wildcards)', async () => {
    const res = await acme.accountManagement.customerUsers({ query: { keyword: '%' } });
    expect(res.body).toEqual({ errorCode: 0, result: { items: [] } });
  });

  it('needs a session', async () => {
    const res = await injectClient(server.app).client.accountManagement.customerUsers({ query: { keyword: '' } });
    expect(res.status).toBe(401);
  });
});
