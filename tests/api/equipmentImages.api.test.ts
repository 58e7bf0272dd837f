import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/common';
import { ErrorCode } from '../../contract/errors';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  IMAGE_MAX_BYTES,
  type InstrumentImageData,
  type NewEquipmentImage,
  type UploadUrl,
} from '../../contract/images';
import { IMAGE_THUMBNAIL_WIDTH } from '../../contract/limits';
import { resultOf, uploadThroughSignedUrl } from '../support/apiCalls';
import { FILE_STORES, startApiServerWith, transfer } from '../support/fileStores';
import { jpeg, png } from '../support/images';
import { loadEquipmentExtras } from '../../api-mock/src/equipment/queries';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

describe.each(FILE_STORES)('equipment images on the %s store', (store) => {
  let server: Awaited<ReturnType<typeof startApiServerWith>>;
  let acme: InjectClient;
  let acmeManager: InjectClient;
  let globex: InjectClient;
  let acmeEquipment: number[];
  let globexEquipment: number;

  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startApiServerWith(store);
    acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    acmeManager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    globex = (await signedIn(server.app, 'user@globex.example')).client;
    const equipmentOf = (name: string) =>
      db()
        .selectFrom('equipment')
        .innerJoin('customers', 'customers.id', 'equipment.customer_id')
        .select('equipment.id')
        .where('customers.name', '=', name)
        .orderBy('equipment.id')
        .execute();
    acmeEquipment = (await equipmentOf('Acme Labs')).map((e) => e.id);
    globexEquipment = (await equipmentOf('Globex Corporation'))[0]!.id;
    await db().deleteFrom('equipment_images').execute();
  });
  afterAll(() => server.close());

  const GIF = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([10, 0, 10, 0, 0, 0, 0]),
    Buffer.from([0x3b]),
  ]);

  const CONTENT_TYPES: Record<string, string> = { png: 'image/png', gif: 'image/gif', bmp: 'image/bmp' };
  const contentTypeOf = (name: string) => CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'image/jpeg';

  /** Upload bytes as the browser does: a signed URL for an equipment image, then PUT. */
  const upload = (client: InjectClient, fileName: string, bytes: Buffer): Promise<UploadUrl> =>
    uploadThroughSignedUrl(server.app, client, {
      fileName,
      contentType: contentTypeOf(fileName),
      fileType: 'EquipmentImage',
      bytes,
    });

  const identifier = (u: UploadUrl) => ({ resourceKey: u.resourceKey, bucketName: u.bucketName });

  /** An uploaded photo and its 100 px thumbnail, ready to register. */
  async function uploadedImage(
    client: InjectClient,
    fileName = 'front.png',
    options: { isDefault?: boolean; image?: Buffer; thumbnail?: Buffer; thumbnailName?: string } = {},
  ): Promise<NewEquipmentImage> {
    const image = await upload(client, fileName, options.image ?? png(400, 300));
    const thumbnail = await upload(
      client,
      options.thumbnailName ?? 'front_thumbnail.png',
      options.thumbnail ?? png(IMAGE_THUMBNAIL_WIDTH, 75),
    );
    return {
      imageIdentifier: identifier(image),
      thumbnailIdentifier: identifier(thumbnail),
      fileName,
      ...(options.isDefault === undefined ? {} : { isDefault: options.isDefault }),
    };
  }

  const update = (client: InjectClient, id: number, addList: NewEquipmentImage[], deleteList: number[] = []) =>
    client.equipment.updateImages({ params: { id }, body: { addList, deleteList } });

  const register = async (client: InjectClient, id: number, addList: NewEquipmentImage[], deleteList: number[] = []) =>
    resultOf<InstrumentImageData | null>(await update(client, id, addList, deleteList));

  const setDefault = (client: InjectClient, id: number, resourceId: number) =>
    client.equipment.setDefaultImage({ params: { id }, body: { resourceId } });

  const rowsOf = (equipmentId: number) =>
    db().selectFrom('equipment_images').selectAll().where('equipment_id', '=', equipmentId).orderBy('id').execute();

  const eventsOf = (equipmentId: number) =>
    db()
      .selectFrom('events')
      .select(['event_type', 'payload', 'customer_id', 'actor_id'])
      .where('entity_type', '=', 'equipment')
      .where('entity_id', '=', String(equipmentId))
      .where('event_type', 'like', 'equipment.%mage%')
      .orderBy('id')
      .execute();

  const fileExists = async (client: InjectClient, file: { resourceKey: string; bucketName: string }) => {
    const signed = await client.images.requestDownloadUrl({ query: file });
    // once no record holds the file, it is not signed for download any more
    if ((signed.status as number) === 404) return server.storage.hasObject(file.bucketName, file.resourceKey);
    const link = resultOf<{ url: string }>(signed);
    return (await transfer(server.app, link.url)).status === 200;
  };

  const errorOf = (res: { status: number; body: unknown }) => ({ status: res.status, ...(res.body as ErrorBody) });

  let next = 0;
  /** A fresh Acme equipment for each test, so tests do not share images. */
  const freshEquipment = () => acmeEquipment[next++]!;

  describe('registering images', () => {
    it('the first image becomes the default; later ones do not; the answer lists every image', async () => {
      const id = freshEquipment();
      const first = await register(acme, id, [await uploadedImage(acme, 'front.png')]);
      expect(first!.images).toHaveLength(1);
      expect(first!.defaultImage).toEqual(first!.images[0]);
      expect(first!.images[0]).toMatchObject({
        fileName: 'front.png',
        resourceId: expect.any(Number),
        imageIdentifier: {
          bucketName: 'portal-equipment',
          resourceKey: expect.stringMatching(/\/Equipment\/.+\.png$/),
        },
        thumbnailIdentifier: { bucketName: 'portal-equipment' },
      });

      const second = await register(acme, id, [await uploadedImage(acme, 'back.jpg', { image: jpeg(800, 600) })]);
      expect(second!.images.map((i) => i.fileName)).toEqual(['front.png', 'back.jpg']);
      expect(second!.defaultImage!.fileName).toBe('front.png');
      expect((await rowsOf(id)).map((r) => r.is_default)).toEqual([true, false]);

      expect((await eventsOf(id)).map((e) => e.event_type)).toEqual([
        'equipment.imageAdded',
        'equipment.defaultImageChanged',
        'equipment.imageAdded',
      ]);
    });

    it('the list of the inventory carries the same image data', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme)]);
      const extras = await loadEquipmentExtras(db(), [id]);
      expect(extras.images.get(id)).toEqual(data);
    });

    it('an image flagged default becomes the default, in place of the old one', async () => {
      const id = freshEquipment();
      await register(acme, id, [await uploadedImage(acme, 'a.png'), await uploadedImage(acme, 'b.png')]);
      const after = await register(acme, id, [await uploadedImage(acme, 'c.png', { isDefault: true })]);
      expect(after!.defaultImage!.fileName).toBe('c.png');
      expect((await rowsOf(id)).filter((r) => r.is_default).map((r) => r.file_name)).toEqual(['c.png']);
    });

    it('a flagged image in the first upload wins over the first one', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [
        await uploadedImage(acme, 'a.png'),
        await uploadedImage(acme, 'b.png', { isDefault: true }),
      ]);
      expect(data!.defaultImage!.fileName).toBe('b.png');
    });

    it('refuses two images flagged default, and keeps nothing of the call', async () => {
      const id = freshEquipment();
      const res = await update(acme, id, [
        await uploadedImage(acme, 'a.png', { isDefault: true }),
        await uploadedImage(acme, 'b.png', { isDefault: true }),
      ]);
      expect(res.status).toBe(400);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('any user of the customer may change the images (no role check)', async () => {
      const id = freshEquipment();
      const data = await register(acmeManager, id, [await uploadedImage(acmeManager)]);
      expect(data!.images).toHaveLength(1);
      const event = (await eventsOf(id))[0]!;
      const manager = await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'manager@acme-labs.example')
        .executeTakeFirstOrThrow();
      expect(event.actor_id).toBe(manager.id);
    });
  });

  describe('default image and deletion rules', () => {
    it('set default makes exactly one image the default and records the change', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme, 'a.png'), await uploadedImage(acme, 'b.png')]);
      const b = data!.images[1]!;
      const after = resultOf<InstrumentImageData>(await setDefault(acme, id, b.resourceId));
      expect(after.defaultImage).toEqual(b);
      expect((await rowsOf(id)).map((r) => r.is_default)).toEqual([false, true]);
      const events = await eventsOf(id);
      expect(events.at(-1)).toMatchObject({
        event_type: 'equipment.defaultImageChanged',
        payload: { from: data!.images[0]!.resourceId, to: b.resourceId },
      });
      // Setting the default again changes nothing and records nothing.
      resultOf(await setDefault(acme, id, b.resourceId));
      expect(await eventsOf(id)).toHaveLength(events.length);
    });

    it('deleting the default makes the first remaining image the default', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [
        await uploadedImage(acme, 'a.png'),
        await uploadedImage(acme, 'b.png'),
        await uploadedImage(acme, 'c.png'),
      ]);
      const [a, b, c] = data!.images;
      resultOf(await setDefault(acme, id, c!.resourceId));
      const afterDelete = await register(acme, id, [], [c!.resourceId]);
      expect(afterDelete!.images.map((i) => i.resourceId)).toEqual([a!.resourceId, b!.resourceId]);
      expect(afterDelete!.defaultImage!.resourceId).toBe(a!.resourceId);
      expect((await eventsOf(id)).slice(-2)).toMatchObject([
        { event_type: 'equipment.imageDeleted', payload: { resourceId: c!.resourceId, fileName: 'c.png' } },
        { event_type: 'equipment.defaultImageChanged', payload: { from: c!.resourceId, to: a!.resourceId } },
      ]);
    });

    it('deleting an image that is not the default keeps the default', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme, 'a.png'), await uploadedImage(acme, 'b.png')]);
      const after = await register(acme, id, [], [data!.images[1]!.resourceId]);
      expect(after!.images).toHaveLength(1);
      expect(after!.defaultImage!.fileName).toBe('a.png');
    });

    it('deleting the default while adding an image: an older remaining image comes first', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme, 'a.png'), await uploadedImage(acme, 'b.png')]);
      const after = await register(acme, id, [await uploadedImage(acme, 'c.png')], [data!.images[0]!.resourceId]);
      expect(after!.images.map((i) => i.fileName)).toEqual(['b.png', 'c.png']);
      expect(after!.defaultImage!.fileName).toBe('b.png');
    });

    it('replacing every image: the first new image becomes the default', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme, 'a.png')]);
      const after = await register(
        acme,
        id,
        [await uploadedImage(acme, 'b.png'), await uploadedImage(acme, 'c.png')],
        [data!.images[0]!.resourceId],
      );
      expect(after!.defaultImage!.fileName).toBe('b.png');
    });

    it('deleting the last image clears the image data and removes the files from storage', async () => {
      const id = freshEquipment();
      const data = await register(acme, id, [await uploadedImage(acme)]);
      const only = data!.images[0]!;
      expect(await fileExists(acme, only.imageIdentifier)).toBe(true);
      const res = await update(acme, id, [], [only.resourceId]);
      expect(res.body).toEqual({ errorCode: 0, result: null });
      expect(await rowsOf(id)).toEqual([]);
      expect(await fileExists(acme, only.imageIdentifier)).toBe(false);
      expect(await fileExists(acme, only.thumbnailIdentifier)).toBe(false);
      expect((await eventsOf(id)).slice(-2)).toMatchObject([
        { event_type: 'equipment.imageDeleted' },
        { event_type: 'equipment.defaultImageChanged', payload: { from: only.resourceId, to: null } },
      ]);
    });

    it('an id that is not an image of this equipment is refused, and nothing is deleted', async () => {
      const id = freshEquipment();
      const other = freshEquipment();
      const mine = await register(acme, id, [await uploadedImage(acme, 'a.png')]);
      const theirs = await register(acme, other, [await uploadedImage(acme, 'b.png')]);
      const res = await update(acme, id, [], [mine!.images[0]!.resourceId, theirs!.images[0]!.resourceId]);
      expect(res.status).toBe(404);
      expect(await rowsOf(id)).toHaveLength(1);
      expect(await rowsOf(other)).toHaveLength(1);
      expect((await setDefault(acme, id, theirs!.images[0]!.resourceId)).status).toBe(404);
    });
  });

  describe('customer isolation', () => {
    it('another customer’s equipment is refused with 10002 by both calls, and keeps its images', async () => {
      const theirs = await register(globex, globexEquipment, [await uploadedImage(globex)]);
      const image = theirs!.images[0]!;
      const add = await update(acme, globexEquipment, [await uploadedImage(acme)]);
      expect(add.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
      const remove = await update(acme, globexEquipment, [], [image.resourceId]);
      expect(remove.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
      const setIt = await setDefault(acme, globexEquipment, image.resourceId);
      expect(setIt.body).toMatchObject({ errorCode: ErrorCode.EquipmentNotFound });
      expect(await rowsOf(globexEquipment)).toHaveLength(1);
    });

    it('another customer’s image cannot be deleted or made default through one’s own equipment', async () => {
      const id = freshEquipment();
      await register(acme, id, [await uploadedImage(acme)]);
      const theirs = await rowsOf(globexEquipment);
      expect((await update(acme, id, [], [theirs[0]!.id])).status).toBe(404);
      expect((await setDefault(acme, id, theirs[0]!.id)).status).toBe(404);
      expect(await rowsOf(globexEquipment)).toHaveLength(1);
    });

    it('files in another customer’s folder cannot be registered (403)', async () => {
      const id = freshEquipment();
      const globexFiles = await uploadedImage(globex);
      const res = await update(acme, id, [globexFiles]);
      expect(res.status).toBe(403);
      const mixed = await uploadedImage(acme);
      const res2 = await update(acme, id, [{ ...mixed, thumbnailIdentifier: globexFiles.thumbnailIdentifier }]);
      expect(res2.status).toBe(403);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('without a session the calls answer 401', async () => {
      const anonymous = injectClient(server.app).client;
      expect((await update(anonymous, acmeEquipment[0]!, [])).status).toBe(401);
      expect((await setDefault(anonymous, acmeEquipment[0]!, 1)).status).toBe(401);
    });
  });

  describe('type and size limits', () => {
    it('refuses a file name of a type images do not take (contract message key)', async () => {
      const id = freshEquipment();
      const image = await uploadedImage(acme);
      const res = await update(acme, id, [{ ...image, fileName: 'manual.pdf' }]);
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).issues).toContainEqual(
        expect.objectContaining({ path: ['addList', 0, 'fileName'], message: FILE_TYPE_MESSAGE }),
      );
    });

    it('refuses a file that is not really an image, though named .png', async () => {
      const id = freshEquipment();
      const image = await uploadedImage(acme, 'fake.png', { image: Buffer.from('<html>not an image</html>') });
      const res = await update(acme, id, [image]);
      expect(errorOf(res)).toMatchObject({ status: 400, errorMessage: FILE_TYPE_MESSAGE });
      expect(await rowsOf(id)).toEqual([]);
    });

    it('accepts jpg, png, gif and bmp images', async () => {
      const id = freshEquipment();
      const bmp = Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60, 0)]);
      const data = await register(acme, id, [
        await uploadedImage(acme, 'a.jpeg', { image: jpeg(640, 480) }),
        await uploadedImage(acme, 'b.gif', { image: GIF }),
      ]);
      const bmpUpload = await upload(acme, 'c.bmp', bmp);
      const thumb = await upload(acme, 'c_thumbnail.jpg', jpeg(100, 60));
      const withBmp = await register(acme, id, [
        { fileName: 'c.bmp', imageIdentifier: identifier(bmpUpload), thumbnailIdentifier: identifier(thumb) },
      ]);
      expect(data!.images).toHaveLength(2);
      expect(withBmp!.images.map((i) => i.fileName)).toEqual(['a.jpeg', 'b.gif', 'c.bmp']);
    });

    it('refuses an image over 5 MB before any byte is sent (the upload URL is not given)', async () => {
      const res = await acme.images.requestUploadUrl({
        body: { fileName: 'huge.png', contentType: 'image/png', size: IMAGE_MAX_BYTES + 1, fileType: 'EquipmentImage' },
      });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).issues).toContainEqual(expect.objectContaining({ message: FILE_SIZE_MESSAGE }));
    });

    it('refuses a thumbnail wider than 100 px, as PNG or JPEG', async () => {
      const id = freshEquipment();
      const widePng = await uploadedImage(acme, 'a.png', { thumbnail: png(IMAGE_THUMBNAIL_WIDTH + 1, 20) });
      const res = await update(acme, id, [widePng]);
      expect(errorOf(res)).toMatchObject({ status: 400, errorMessage: expect.stringContaining('101 px') });
      const wideJpeg = await uploadedImage(acme, 'b.png', { thumbnail: jpeg(400, 300), thumbnailName: 'b_thumb.jpg' });
      expect((await update(acme, id, [wideJpeg])).status).toBe(400);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('refuses a thumbnail that is not a PNG or JPEG image', async () => {
      const id = freshEquipment();
      const gifThumb = await uploadedImage(acme, 'a.png', { thumbnail: GIF, thumbnailName: 'a_thumb.gif' });
      expect((await update(acme, id, [gifThumb])).status).toBe(400);
      const textThumb = await uploadedImage(acme, 'b.png', { thumbnail: Buffer.from('hello'), thumbnailName: 'b.png' });
      expect((await update(acme, id, [textThumb])).status).toBe(400);
      expect(await rowsOf(id)).toEqual([]);
    });

    it('refuses files that were never uploaded, or the same file twice', async () => {
      const id = freshEquipment();
      const image = await uploadedImage(acme);
      const missingKey = image.imageIdentifier.resourceKey.replace(/[0-9a-f]{32}(?=\.png$)/, '0'.repeat(32));
      const res = await update(acme, id, [
        { ...image, imageIdentifier: { ...image.imageIdentifier, resourceKey: missingKey } },
      ]);
      expect(errorOf(res)).toMatchObject({ status: 400, errorMessage: expect.stringContaining('not been uploaded') });
      const same = await update(acme, id, [{ ...image, thumbnailIdentifier: image.imageIdentifier }]);
      expect(same.status).toBe(400);
      await register(acme, id, [image]);
      const again = await update(acme, id, [image]);
      expect(again.status).toBe(400);
      expect(await rowsOf(id)).toHaveLength(1);
    });

    it('refuses files of another bucket', async () => {
      const id = freshEquipment();
      const image = await uploadedImage(acme);
      const res = await update(acme, id, [
        { ...image, thumbnailIdentifier: { ...image.thumbnailIdentifier, bucketName: 'portal-avatar' } },
      ]);
      expect(res.status).toBe(400);
    });
  });
});
