import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../api-mock/src/db/schema';
import type { VerifierOptions } from '@pact-foundation/pact';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
import { uploadThroughSignedUrl } from '../support/apiCalls';
import { injectClient, signedIn } from '../support/injectClient';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../api-mock/src/auth/password';
import { USER_ADDED_DATA_SOURCE_ID } from '../../contract/equipment';
import { arcRequestStates } from './arcRequestStates';
import { avatarStates } from './avatarStates';
import { contractPdfStates } from './contractPdfStates';
import { contractStates } from './contractStates';
import { emailRoutingStates } from './emailRoutingStates';
import { historyStates } from './historyStates';
import { calendarFeedStates } from './calendarFeedStates';
import { qrLabelStates } from './qrLabelStates';
import { dueDatesStates } from './dueDatesStates';
import { equipmentDetailStates } from './equipmentDetailStates';
import { productInformationStates } from './productInformationStates';
import { productCatalogueStates } from './productCatalogueStates';
import { productsManagementStates } from './productsManagementStates';
import { utilizationStates } from './utilizationStates';
import { userInvitationStates } from './userInvitationStates';
import { userManagementStates } from './userManagementStates';
import { onboardingStates } from './onboardingStates';
import { reservationStates } from './reservationStates';
import { workOrderStates } from './workOrderStates';
import { stateUser } from './stateUsers';
import { releaseFiles, type RegisteredAs } from '../../api-mock/src/storage/registry';
import { STORAGE_QUOTA } from '../../contract/limits';

/**
 * Provider states of the pact, on a running server: each state prepares the data and the cookie jar whose
 * session and anti-forgery token the request filter puts on the replayed request.
 */
export function providerStates(app: FastifyInstance, db: Kysely<Database>) {
  let jar = new Map<string, string>();
  const clearLogo = async (email: string) => {
    const user = await userByEmail(db, email);
    await db.updateTable('customers').set({ logo_file_identifier: null }).where('id', '=', user.customer_id).execute();
  };
  const clearFieldLabels = (customerId: number) =>
    db
      .updateTable('customers')
      .set({ customize_asset_id: null, customize_general1: null, customize_general2: null, customize_general3: null })
      .where('id', '=', customerId)
      .execute();
  const setProductAdding = async (email: string, enabled: boolean) => {
    const user = await userByEmail(db, email);
    await db
      .updateTable('customers')
      .set({ is_product_adding_enabled: enabled })
      .where('id', '=', user.customer_id)
      .execute();
  };
  /** A browser without a session: it holds only the anti-forgery token a first GET hands out. */
  const anonymousJar = async () => {
    const agent = injectClient(app);
    await agent.client.users.me();
    return agent.jar;
  };
  const stateHandlers: StateHandlers = {
    ...avatarStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...reservationStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...workOrderStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...equipmentDetailStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...contractPdfStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...contractStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...productInformationStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...productCatalogueStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...utilizationStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...userInvitationStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...userManagementStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...onboardingStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...productsManagementStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...arcRequestStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...emailRoutingStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...historyStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...calendarFeedStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...qrLabelStates(app, db, (signedInJar) => (jar = signedInJar)),
    ...dueDatesStates(app, db, (signedInJar) => (jar = signedInJar)),
    'the demo world exists': async () => {
      jar = await anonymousJar();
      return undefined;
    },
    'no session': async () => {
      jar = await anonymousJar();
      return undefined;
    },
    /**
     * The first equipment of the customer of `email` has exactly a document of two versions and a deleted document,
     * and a PDF is uploaded to storage, not yet registered. Returns equipmentId, documentId (the newest version),
     * firstVersionId, deletedDocumentId and documentJson (the uploaded file, as the upload call sends it).
     */
    'an equipment with documents': async (params?: unknown) => {
      const { email } = params as { email: string };
      const owner = await userByEmail(db, email);
      const equipmentId = await firstEquipmentId(db, owner.customer_id);
      const folder = await customerFolder(db, owner.customer_id);
      await db
        .deleteFrom('documents')
        .where('owner_type', '=', 'Equipment')
        .where('owner_id', '=', equipmentId)
        .execute();
      const addVersion = async (name: string, version: number, groupId: number | null, isDeleted: boolean) => {
        const row = await db
          .insertInto('documents')
          .values({
            customer_id: owner.customer_id,
            owner_type: 'Equipment',
            owner_id: equipmentId,
            document_group_id: groupId,
            version,
            document_name: name,
            bucket_name: 'portal-equipment',
            resource_key: `${folder}/Equipment/${randomBytes(16).toString('hex')}.pdf`,
            size: 2048,
            uploaded_by: owner.id,
            user_name: 'Uma Standard',
            is_deleted: isDeleted,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (groupId === null) {
          await db.updateTable('documents').set({ document_group_id: row.id }).where('id', '=', row.id).execute();
        }
        return row.id;
      };
      const firstVersionId = await addVersion('Operating manual.pdf', 1, null, false);
      const documentId = await addVersion('Operating manual.pdf', 2, firstVersionId, false);
      const deletedDocumentId = await addVersion('Old certificate.pdf', 1, null, true);
      await db.updateTable('equipment').set({ document_count: 1 }).where('id', '=', equipmentId).execute();

      const { client } = await signedIn(app, email);
      const { resourceKey, bucketName } = await uploadThroughSignedUrl(app, client, {
        fileName: 'manual.pdf',
        contentType: 'application/pdf',
        fileType: 'EquipmentDocument',
        bytes: PDF,
      });
      const documentJson = JSON.stringify({ documentName: 'manual.pdf', resourceKey, bucketName, size: PDF.length });
      return { equipmentId, documentId, firstVersionId, deletedDocumentId, documentJson };
    },
    'a signed-in user': async (params?: unknown) => {
      const { email } = params as { email: string };
      jar = (await signedIn(app, email)).jar;
      return undefined;
    },
    /** The customer has no labels of its own before the interaction, and none after it (other interactions expect none). */
    'the customer has the generic field labels': {
      setup: async (params?: unknown) => {
        await clearFieldLabels((params as { customerId: number }).customerId);
        return undefined;
      },
      teardown: async (params?: unknown) => {
        await clearFieldLabels((params as { customerId: number }).customerId);
        return undefined;
      },
    } as unknown as StateHandlers[string],
    /** The customer of the user has no logo before the interaction, and none after it (other interactions expect none). */
    'the customer has no logo': aroundInteraction(clearLogo, clearLogo),
    /** A file of the customer of `email` is stored under this key; `heldBy` names the record kind holding it, if any. */
    'a stored file': async (params?: unknown) => {
      const p = params as { email: string; bucketName: string; resourceKey: string; heldBy?: RegisteredAs };
      const owner = await userByEmail(db, p.email);
      const file = { bucketName: p.bucketName, resourceKey: p.resourceKey };
      await releaseFiles(db, [file]);
      await db
        .insertInto('stored_objects')
        .values({
          bucket_name: file.bucketName,
          resource_key: file.resourceKey,
          customer_id: owner.customer_id,
          uploaded_by: owner.id,
          state: 'stored',
          max_bytes: 64,
          size: 64,
          sha256: '0'.repeat(64),
          ...(p.heldBy ? { registered_as: p.heldBy, registered_at: new Date() } : {}),
        })
        .execute();
      return undefined;
    },
    /** The user of `email` has uploads no record took, up to the quota; they go after the interaction. */
    'the user has no room for more uploads': aroundInteraction(
      async (email: string) => {
        const owner = await userByEmail(db, email);
        await db
          .insertInto('stored_objects')
          .values({
            bucket_name: 'portal-equipment',
            resource_key: `quota-filler-${owner.id}`,
            customer_id: owner.customer_id,
            uploaded_by: owner.id,
            state: 'granted',
            max_bytes: STORAGE_QUOTA.pendingBytes,
          })
          .onConflict((oc) => oc.columns(['bucket_name', 'resource_key']).doNothing())
          .execute();
      },
      async (email: string) => {
        const owner = await userByEmail(db, email);
        await db.deleteFrom('stored_objects').where('resource_key', '=', `quota-filler-${owner.id}`).execute();
      },
    ),
    /** A view of the user with this e-mail under a fixed id (made anew, so earlier interactions leave no trace). */
    'a saved view exists': async (params?: unknown) => {
      const p = params as { email: string; preferenceId: number; preferenceKey: string; shareScope: string };
      const owner = await userByEmail(db, p.email);
      await db.deleteFrom('preferences').where('id', '=', p.preferenceId).execute();
      await db
        .insertInto('preferences')
        .values({
          id: p.preferenceId,
          customer_id: owner.customer_id,
          user_id: owner.id,
          preference_key: p.preferenceKey,
          name: 'Saved view',
          value: JSON.stringify({ filter: [], sort: [], columnShowKeys: ['serial'], columnOrderKeys: ['serial'] }),
          category: null,
          share_scope: p.shareScope === 'public' ? 'public' : 'private',
          is_default: false,
        })
        .execute();
      return undefined;
    },
    /** An unread notification of the user under a fixed id, with one attachment (made anew each time). */
    'a notification exists': async (params?: unknown) => {
      const p = params as { email: string; messageId: number; attachmentId: number };
      const owner = await userByEmail(db, p.email);
      const folder = await customerFolder(db, owner.customer_id);
      await db.deleteFrom('messages').where('id', '=', p.messageId).execute();
      await db
        .insertInto('messages')
        .values({
          id: p.messageId,
          customer_id: owner.customer_id,
          user_id: owner.id,
          subject: 'Service report for work order WO-1234567 is available',
          content: '<p>The report is attached.</p><ul><li>Work order: WO-1234567</li></ul>',
          category: 'serviceRequest',
          is_read: false,
        })
        .execute();
      await db
        .insertInto('message_attachments')
        .values({
          id: p.attachmentId,
          message_id: p.messageId,
          file_name: 'ServiceReport_WO-1234567.pdf',
          resource_key: `${folder}/Message/${'0'.repeat(64)}.pdf`,
        })
        .execute();
      return undefined;
    },
    /** A user of its own (made on first use) whose password is Portal2026 again before each interaction, signed in. */
    'a user with a known password': async (params?: unknown) => {
      const { email } = params as { email: string };
      await stateUser(
        db,
        email,
        { firstName: 'Pat', lastName: 'Password', officePhone: null },
        { password_hash: await hashPassword('Portal2026'), password_changed_at: null },
      );
      await db.deleteFrom('sign_in_throttle').execute();
      jar = (await signedIn(app, email)).jar;
      return undefined;
    },
    'a customer switch is recorded': async (params?: unknown) => {
      const { email, customerId } = params as { email: string; customerId: number };
      const user = await userByEmail(db, email);
      await db.insertInto('customer_switch_history').values({ user_id: user.id, customer_id: customerId }).execute();
      return undefined;
    },
    /**
     * The user signed in; the first equipment of their customer has exactly two images under the given ids (the
     * first the default), and an image and its thumbnail are uploaded to storage, not yet registered. Returns
     * equipmentId, imageKey and thumbnailKey for the request.
     */
    'an equipment with images': async (params?: unknown) => {
      const p = params as { email: string; firstImageId: number; secondImageId: number };
      const agent = await signedIn(app, p.email);
      jar = agent.jar;
      const owner = await userByEmail(db, p.email);
      const equipmentId = await firstEquipmentId(db, owner.customer_id);
      const ids = [p.firstImageId, p.secondImageId];
      await db
        .deleteFrom('equipment_images')
        .where((eb) => eb.or([eb('equipment_id', '=', equipmentId), eb('id', 'in', ids)]))
        .execute();
      const upload = (fileName: string) =>
        uploadThroughSignedUrl(app, agent.client, {
          fileName,
          contentType: 'image/png',
          fileType: 'EquipmentImage',
          bytes: ONE_PIXEL_PNG,
        });
      const [front, frontThumbnail, back, backThumbnail, image, thumbnail] = await Promise.all(
        ['front.png', 'front_thumbnail.png', 'back.png', 'back_thumbnail.png', 'new.png', 'new_thumbnail.png'].map(
          upload,
        ),
      );
      await db
        .insertInto('equipment_images')
        .values(
          [
            { id: p.firstImageId, file_name: 'front.png', file: front!, thumb: frontThumbnail!, is_default: true },
            { id: p.secondImageId, file_name: 'back.png', file: back!, thumb: backThumbnail!, is_default: false },
          ].map(({ file, thumb, ...row }) => ({
            ...row,
            customer_id: owner.customer_id,
            equipment_id: equipmentId,
            bucket_name: file.bucketName,
            image_key: file.resourceKey,
            thumbnail_key: thumb.resourceKey,
            created_by: owner.id,
          })),
        )
        .execute();
      return { equipmentId, imageKey: image!.resourceKey, thumbnailKey: thumbnail!.resourceKey };
    },
    /**
     * The user signed in, and a PDF uploaded as a service-request attachment, not yet sent. Returns equipmentId (the
     * first of the user's customer), colleagueId (the user with colleagueEmail), foreignEquipmentId (the first
     * equipment of another customer) and attachmentKey.
     */
    'a service request can be raised': async (params?: unknown) => {
      const p = params as { email: string; colleagueEmail: string };
      const agent = await signedIn(app, p.email);
      jar = agent.jar;
      const owner = await userByEmail(db, p.email);
      const colleague = await userByEmail(db, p.colleagueEmail);
      const attachment = await uploadThroughSignedUrl(app, agent.client, {
        fileName: 'error-log.pdf',
        contentType: 'application/pdf',
        fileType: 'ServiceRequestAttachment',
        bytes: PDF,
      });
      return {
        equipmentId: await firstEquipmentId(db, owner.customer_id),
        foreignEquipmentId: await firstEquipmentId(db, owner.customer_id, true),
        colleagueId: colleague.id,
        attachmentKey: attachment.resourceKey,
      };
    },
    /**
     * The user signed in, with equipment to edit, link and delete (see tests/pact/equipmentEdit.pact.test.ts):
     * returns userAddedId, providerEquipmentId, unlinkedEquipmentId, foreignEquipmentId, locationId, contractNumber.
     */
    'equipment the user may edit': async (params?: unknown) => {
      const { email } = params as { email: string };
      jar = (await signedIn(app, email)).jar;
      const owner = await userByEmail(db, email);
      const { id: locationId } = await db
        .selectFrom('locations')
        .select('id')
        .where('customer_id', '=', owner.customer_id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const { id: userAddedId } = await db
        .insertInto('equipment')
        .values({
          customer_id: owner.customer_id,
          location_id: locationId,
          mfg: 'Agilent',
          model: '1260 Infinity II',
          serial: `PACT-${randomBytes(4).toString('hex')}`,
          data_source_id: USER_ADDED_DATA_SOURCE_ID,
          created_by: owner.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('user_equipment').values({ user_id: owner.id, equipment_id: userAddedId }).execute();
      const onList = (mine: boolean) =>
        db
          .selectFrom('equipment')
          .select('equipment.id')
          .where('equipment.customer_id', '=', owner.customer_id)
          .where('equipment.data_source_id', '<>', USER_ADDED_DATA_SOURCE_ID)
          .where('equipment.is_hidden', '=', false)
          .where(({ exists, not, selectFrom }) => {
            const linked = exists(
              selectFrom('user_equipment')
                .select('user_equipment.equipment_id')
                .where('user_equipment.user_id', '=', owner.id)
                .whereRef('user_equipment.equipment_id', '=', 'equipment.id'),
            );
            return mine ? linked : not(linked);
          })
          .orderBy('equipment.id')
          .executeTakeFirstOrThrow();
      const { vendor_contract_id: contractNumber } = await db
        .selectFrom('contracts')
        .innerJoin('equipment_contracts', 'equipment_contracts.contract_id', 'contracts.id')
        .select('contracts.vendor_contract_id')
        .where('contracts.customer_id', '=', owner.customer_id)
        .orderBy('contracts.id')
        .executeTakeFirstOrThrow();
      return {
        userAddedId,
        providerEquipmentId: (await onList(true)).id,
        unlinkedEquipmentId: (await onList(false)).id,
        foreignEquipmentId: await firstEquipmentId(db, owner.customer_id, true),
        locationId,
        contractNumber,
      };
    },
    /** The user's customer may not add products during the interaction (and may again after it). */
    'adding products is disabled for the customer': aroundInteraction(
      (email) => setProductAdding(email, false),
      (email) => setProductAdding(email, true),
    ),
    /** The user signed in, with a PNG uploaded as a feedback attachment, not yet sent. Returns attachmentKey. */
    'a feedback attachment is uploaded': async (params?: unknown) => {
      const { email } = params as { email: string };
      const agent = await signedIn(app, email);
      jar = agent.jar;
      const attachment = await uploadThroughSignedUrl(app, agent.client, {
        fileName: 'export.png',
        contentType: 'image/png',
        fileType: 'FeedbackAttachment',
        bytes: ONE_PIXEL_PNG,
      });
      return { attachmentKey: attachment.resourceKey };
    },
  };
  /** Headers of the current state's browser: its cookies, and the anti-forgery token on changing calls. */
  const headersFor = (method: string): Record<string, string> => {
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      const token = jar.get('XSRF-TOKEN') ?? 'none';
      headers['x-xsrf-token'] = token;
      headers.cookie = [headers.cookie, `XSRF-TOKEN=${token}`].filter(Boolean).join('; ');
    }
    return headers;
  };
  /** The customer the session of the state works for (what the browser sends as userCustomerId), if signed in. */
  const customerFor = async (): Promise<number | null> => {
    if (jar.size === 0) return null;
    const res = await app.inject({ method: 'GET', url: '/api/users/me', cookies: Object.fromEntries(jar) });
    const body = res.json<{ errorCode?: number; result?: { userLocation?: { customerId?: number } } }>();
    return body.errorCode === 0 ? (body.result?.userLocation?.customerId ?? null) : null;
  };
  return { stateHandlers, headersFor, customerFor };
}

const userByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').select(['id', 'customer_id']).where('email', '=', email).executeTakeFirstOrThrow();

/** The first equipment (by id) of a customer, or with `others` of any other customer. */
const firstEquipmentId = async (db: Kysely<Database>, customerId: number, others = false) =>
  (
    await db
      .selectFrom('equipment')
      .select('id')
      .where('customer_id', others ? '<>' : '=', customerId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

/** The storage folder of a customer. */
const customerFolder = async (db: Kysely<Database>, customerId: number) =>
  (await db.selectFrom('customers').select('encrypted_id').where('id', '=', customerId).executeTakeFirstOrThrow())
    .encrypted_id;

/** A state that sets something up for the interaction with the user's e-mail, and undoes it after. */
const aroundInteraction = (
  setup: (email: string) => Promise<void>,
  teardown: (email: string) => Promise<void>,
): StateHandlers[string] =>
  ({
    setup: async (params?: unknown) => {
      await setup((params as { email: string }).email);
      return undefined;
    },
    teardown: async (params?: unknown) => {
      await teardown((params as { email: string }).email);
      return undefined;
    },
    // The handler type of the pact library insists on a function; setup/teardown objects are its documented form.
  }) as unknown as StateHandlers[string];

/** A PDF as small as a store takes it. */
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A valid PNG of one pixel: an equipment image and a thumbnail no wider than 100 px. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
