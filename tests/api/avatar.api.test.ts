import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AvatarChange, AvatarUrls } from '../../contract/accountManagement';
import type { ErrorBody } from '../../contract/common';
import { MessageKey } from '../../contract/errors';
import type { FileIdentifier, UploadUrl } from '../../contract/images';
import { AVATAR_MAX_BYTES, AVATAR_THUMBNAIL_SIZE } from '../../contract/limits';
import { FILE_STORES, startApiServerWith, transfer } from '../support/fileStores';
import { jpeg, png } from '../support/images';
import { injectClient, signedIn, type InjectClient } from '../support/injectClient';

describe.each(FILE_STORES)('avatars on the %s store', (store) => {
  let server: Awaited<ReturnType<typeof startApiServerWith>>;
  let acme: InjectClient;
  let acmeManager: InjectClient;
  let globex: InjectClient;

  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startApiServerWith(store);
    acme = (await signedIn(server.app, 'user@acme-labs.example')).client;
    acmeManager = (await signedIn(server.app, 'manager@acme-labs.example')).client;
    globex = (await signedIn(server.app, 'user@globex.example')).client;
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const PHOTO = png(320, 240);
  const THUMBNAIL = png(AVATAR_THUMBNAIL_SIZE, AVATAR_THUMBNAIL_SIZE);

  /** Upload bytes as an avatar file through a signed URL, as the browser does; the stored file's identifier. */
  async function uploaded(
    client: InjectClient,
    fileName: string,
    bytes: Buffer,
    contentType = fileName.endsWith('.png') ? 'image/png' : 'image/jpeg',
  ): Promise<FileIdentifier> {
    const res = await client.images.requestUploadUrl({
      body: { fileName, contentType, size: bytes.length, fileType: 'Avatar' },
    });
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`no upload URL: ${JSON.stringify(res.body)}`);
    const target = res.body.result as UploadUrl;
    const put = await transfer(server.app, target.uploadUrl, { method: 'PUT', headers: target.headers, body: bytes });
    expect(put.status).toBe(200);
    return { resourceKey: target.resourceKey, bucketName: target.bucketName };
  }

  /** A freshly uploaded image and thumbnail of the client's user. */
  const newAvatar = async (client: InjectClient, image = PHOTO, thumbnail = THUMBNAIL): Promise<AvatarChange> => ({
    image: await uploaded(client, 'me.png', image),
    thumbnail: await uploaded(client, 'me_thumbnail.png', thumbnail),
  });

  const setAvatar = (client: InjectClient, body: AvatarChange) => client.accountManagement.uploadAvatar({ body });

  async function urlsOf(res: Awaited<ReturnType<typeof setAvatar>>): Promise<AvatarUrls> {
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error(`refused: ${JSON.stringify(res.body)}`);
    return res.body.result!;
  }

  const me = async (client: InjectClient) => {
    const res = await client.users.me();
    if (res.status !== 200 || res.body.errorCode !== 0) throw new Error('no current user');
    return res.body.result!;
  };

  const download = (url: string) => transfer(server.app, url);

  const avatarColumns = (email: string) =>
    db()
      .selectFrom('users')
      .select(['id', 'avatar_bucket_name', 'avatar_key', 'avatar_thumbnail_key'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  const avatarEvents = (userId: number) =>
    db()
      .selectFrom('events')
      .select(['event_type', 'customer_id', 'actor_id', 'payload'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .where('event_type', '=', 'user.avatarChanged')
      .orderBy('id')
      .execute();

  /** The message of a refusal: the HTTP error body's message. */
  const refusal = (res: Awaited<ReturnType<typeof setAvatar>>) => ({
    status: res.status,
    message: (res.body as ErrorBody).errorMessage,
  });

  describe('setting the avatar', () => {
    it('stores the uploaded image and thumbnail on the user; users/me answers URLs that load them; an event is written', async () => {
      const before = await avatarColumns('user@acme-labs.example');
      expect(before.avatar_key).toBeNull();
      expect(await me(acme)).toMatchObject({ avatarUrl: null, avatarThumbnailUrl: null });

      const avatar = await newAvatar(acme);
      const urls = await urlsOf(await setAvatar(acme, avatar));
      expect((await download(urls.avatarUrl!)).body).toEqual(PHOTO);
      const thumbnail = await download(urls.avatarThumbnailUrl!);
      expect(thumbnail.body).toEqual(THUMBNAIL);
      expect(thumbnail.headers['content-type']).toBe('image/png');

      const current = await me(acme);
      expect(current.avatarUrl).not.toBeNull();
      expect(current.avatarThumbnailUrl).not.toBeNull();
      expect((await download(current.avatarUrl!)).body).toEqual(PHOTO);
      expect((await download(current.avatarThumbnailUrl!)).body).toEqual(THUMBNAIL);

      expect(await avatarColumns('user@acme-labs.example')).toEqual({
        id: before.id,
        avatar_bucket_name: 'portal-avatar',
        avatar_key: avatar.image.resourceKey,
        avatar_thumbnail_key: avatar.thumbnail.resourceKey,
      });
      const events = await avatarEvents(before.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actor_id: before.id,
        payload: { image: avatar.image, thumbnail: avatar.thumbnail, previous: null },
      });
    });

    it('the sign-in answer carries the avatar too', async () => {
      const agent = injectClient(server.app);
      const res = await agent.client.account.login({
        body: { emailAddress: 'user@acme-labs.example', password: 'Portal2026' },
      });
      expect(res.status).toBe(200);
      const user = (res.body as { result: { avatarThumbnailUrl: string | null } }).result;
      expect((await download(user.avatarThumbnailUrl!)).body).toEqual(THUMBNAIL);
    });

    it('a new avatar replaces the old one, whose files are removed from storage', async () => {
      const first = await newAvatar(acmeManager);
      const firstUrls = await urlsOf(await setAvatar(acmeManager, first));
      const second = await newAvatar(acmeManager, png(200, 200), png(64, 64));
      await urlsOf(await setAvatar(acmeManager, second));

      expect((await download(firstUrls.avatarUrl!)).status).toBe(404);
      expect((await download(firstUrls.avatarThumbnailUrl!)).status).toBe(404);
      const manager = await avatarColumns('manager@acme-labs.example');
      expect(manager.avatar_key).toBe(second.image.resourceKey);
      const events = await avatarEvents(manager.id);
      expect(events.map((e) => (e.payload as { previous: unknown }).previous)).toEqual([
        null,
        { image: first.image, thumbnail: first.thumbnail },
      ]);
    });

    it('takes a JPEG photo with a 64 px JPEG thumbnail, told apart by their bytes', async () => {
      const avatar = {
        image: await uploaded(globex, 'photo.jpg', jpeg(800, 600)),
        thumbnail: await uploaded(globex, 'photo_thumbnail.jpeg', jpeg(64, 64)),
      };
      const urls = await urlsOf(await setAvatar(globex, avatar));
      expect((await download(urls.avatarThumbnailUrl!)).headers['content-type']).toBe('image/jpeg');
    });
  });

  describe('refused avatars change nothing', () => {
    /** Expect a refusal, and the user's avatar and events as they were. */
    async function expectRefused(
      client: InjectClient,
      email: string,
      body: AvatarChange,
      expected: { status: number; message?: string },
    ) {
      const before = await avatarColumns(email);
      const eventsBefore = await avatarEvents(before.id);
      const res = await setAvatar(client, body);
      expect(refusal(res)).toMatchObject(expected);
      expect(await avatarColumns(email)).toEqual(before);
      expect(await avatarEvents(before.id)).toEqual(eventsBefore);
      return res;
    }

    it('a file whose bytes are neither PNG nor JPEG, though named .png, is refused with img_type_limit', async () => {
      const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
      await expectRefused(
        acme,
        'user@acme-labs.example',
        { image: await uploaded(acme, 'fake.png', gif), thumbnail: await uploaded(acme, 't.png', THUMBNAIL) },
        { status: 400, message: MessageKey.imageTypeLimit },
      );
      // The same for a thumbnail that is text.
      await expectRefused(
        acme,
        'user@acme-labs.example',
        {
          image: await uploaded(acme, 'real.png', PHOTO),
          thumbnail: await uploaded(acme, 't.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        },
        { status: 400, message: MessageKey.imageTypeLimit },
      );
    });

    it('a PNG stored under a .jpg name is refused: the bytes and the name must agree', async () => {
      await expectRefused(
        acme,
        'user@acme-labs.example',
        { image: await uploaded(acme, 'photo.jpg', PHOTO), thumbnail: await uploaded(acme, 't.png', THUMBNAIL) },
        { status: 400, message: MessageKey.imageTypeLimit },
      );
    });

    it('a file of another type than jpeg or png is refused by the schema, and cannot even be uploaded as an avatar', async () => {
      const avatar = await newAvatar(acme);
      const res = await setAvatar(acme, {
        ...avatar,
        image: { ...avatar.image, resourceKey: avatar.image.resourceKey.replace(/\.png$/, '.gif') },
      });
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).issues).toContainEqual(
        expect.objectContaining({ message: MessageKey.imageTypeLimit }),
      );
      const upload = await acme.images.requestUploadUrl({
        body: { fileName: 'anim.gif', contentType: 'image/gif', size: 100, fileType: 'Avatar' },
      });
      expect(upload.status).toBe(400);
    });

    it('an image over 5 MB is refused with Attach_smaller_maxSize', async () => {
      const tooLarge = await acme.images.requestUploadUrl({
        body: { fileName: 'big.png', contentType: 'image/png', size: AVATAR_MAX_BYTES + 1, fileType: 'Avatar' },
      });
      expect(tooLarge.status).toBe(400);
      expect((tooLarge.body as ErrorBody).issues).toContainEqual(
        expect.objectContaining({ message: MessageKey.attachSmallerMaxSize }),
      );

      // A store that did not hold the upload to its declared size: the server measures the stored file itself.
      const avatar = await newAvatar(acme);
      const { bucketName, resourceKey } = avatar.image;
      const bigger = Buffer.concat([PHOTO, Buffer.alloc(AVATAR_MAX_BYTES + 1 - PHOTO.length)]);
      await server.storage.putObject(bucketName, resourceKey, bigger);
      await expectRefused(acme, 'user@acme-labs.example', avatar, {
        status: 400,
        message: MessageKey.attachSmallerMaxSize,
      });
    });

    it('a thumbnail that is not 64 x 64 is refused', async () => {
      for (const [width, height] of [
        [128, 128],
        [64, 48],
      ] as const) {
        await expectRefused(acme, 'user@acme-labs.example', await newAvatar(acme, PHOTO, png(width, height)), {
          status: 400,
        });
      }
    });

    it('files not uploaded, or one file as both image and thumbnail, are refused', async () => {
      const avatar = await newAvatar(acme);
      await expectRefused(
        acme,
        'user@acme-labs.example',
        {
          ...avatar,
          image: { ...avatar.image, resourceKey: avatar.image.resourceKey.replace(/[0-9a-f]{8}\./, '00000000.') },
        },
        { status: 400 },
      );
      await expectRefused(
        acme,
        'user@acme-labs.example',
        { image: avatar.image, thumbnail: avatar.image },
        { status: 400 },
      );
    });

    it("another customer's files are refused", async () => {
      const theirs = await newAvatar(globex);
      await expectRefused(acme, 'user@acme-labs.example', theirs, { status: 403 });
    });

    it("another user's avatar files are refused", async () => {
      const theirs = await newAvatar(acmeManager);
      await urlsOf(await setAvatar(acmeManager, theirs));
      await expectRefused(acme, 'user@acme-labs.example', theirs, { status: 403 });
      // Nor may one of them be mixed with an own file.
      const own = await newAvatar(acme);
      await expectRefused(
        acme,
        'user@acme-labs.example',
        { image: own.image, thumbnail: theirs.thumbnail },
        {
          status: 403,
        },
      );
    });

    it('files of another bucket are refused', async () => {
      const avatar = await newAvatar(acme);
      await expectRefused(
        acme,
        'user@acme-labs.example',
        { ...avatar, image: { ...avatar.image, bucketName: 'portal-equipment' } },
        { status: 400 },
      );
    });

    it('without a session the call is refused with 401', async () => {
      const avatar = await newAvatar(acme);
      const res = await setAvatar(injectClient(server.app).client, avatar);
      expect(res.status).toBe(401);
    });
  });
});
