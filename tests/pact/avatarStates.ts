import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { Database } from '../../api-mock/src/db/schema';
import { AVATAR_THUMBNAIL_SIZE } from '../../contract/limits';
import { png } from '../support/images';
import { signedIn } from '../support/injectClient';
import { stateUser } from './stateUsers';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;

/**
 * The provider state of tests/pact/avatar.pact.test.ts: 'a user about to set an avatar' with `{ email, withAvatar }`.
 * The user (made on first use, in the customer of user@acme-labs.example, so no other interaction sees its avatar)
 * is signed in, with an avatar already set when `withAvatar`, else none; an image, its 64 px thumbnail and a text
 * file named .png are uploaded to storage, not yet registered. Returns imageKey, thumbnailKey and textKey.
 */
export function avatarStates(
  app: FastifyInstance,
  db: Kysely<Database>,
  setJar: (jar: Map<string, string>) => void,
): StateHandlers {
  return {
    'a user about to set an avatar': async (params?: unknown) => {
      const { email, withAvatar } = params as { email: string; withAvatar?: boolean };
      await stateUser(
        db,
        email,
        { firstName: 'Ava', lastName: 'Tar', officePhone: '+1 617 555 0100' },
        { avatar_bucket_name: null, avatar_key: null, avatar_thumbnail_key: null },
      );
      const agent = await signedIn(app, email);
      setJar(agent.jar);
      const upload = async (fileName: string, bytes: Buffer) => {
        const target = await agent.client.images.requestUploadUrl({
          body: { fileName, contentType: 'image/png', size: bytes.length, fileType: 'Avatar' },
        });
        if (target.status !== 200 || target.body.errorCode !== 0) throw new Error('no upload URL');
        const { uploadUrl, headers, resourceKey, bucketName } = target.body.result!;
        await app.inject({ method: 'PUT', url: uploadUrl, headers, payload: bytes });
        return { resourceKey, bucketName };
      };
      const thumbnailPng = png(AVATAR_THUMBNAIL_SIZE, AVATAR_THUMBNAIL_SIZE);
      if (withAvatar) {
        const set = await agent.client.accountManagement.uploadAvatar({
          body: { image: await upload('old.png', png(96, 96)), thumbnail: await upload('old_t.png', thumbnailPng) },
        });
        if (set.status !== 200 || set.body.errorCode !== 0) throw new Error('the avatar could not be set');
      }
      const image = await upload('me.png', png(120, 90));
      const thumbnail = await upload('me_thumbnail.png', thumbnailPng);
      const text = await upload('notes.png', Buffer.from('not an image at all'));
      return { imageKey: image.resourceKey, thumbnailKey: thumbnail.resourceKey, textKey: text.resourceKey };
    },
  };
}
