import { describe, expect, it } from 'vitest';
import { s3SettingsFromEnv, storageOf, type S3Settings } from '../../api-mock/src/storage';
import { S3Storage } from '../../api-mock/src/storage/s3Storage';
import { LocalDiskStorage } from '../../api-mock/src/storage/localDisk';
import type { AppConfig } from '../../api-mock/src/deps';

const config = (s3?: S3Settings): AppConfig => ({
  secureCookies: false,
  publicOrigin: 'http://portal.test',
  validateResponses: false,
  rateLimits: false,
  devPages: false,
  s3,
});

describe('STORAGE and the S3_* variables', () => {
  it('keep files on disk when STORAGE is unset or local', () => {
    expect(s3SettingsFromEnv({})).toBeUndefined();
    expect(s3SettingsFromEnv({ STORAGE: 'local', S3_BUCKET: 'ignored' })).toBeUndefined();
    expect(storageOf(config())).toBeInstanceOf(LocalDiskStorage);
  });

  it('name the S3 store, with us-east-1 by default and the default credential chain without keys', () => {
    expect(s3SettingsFromEnv({ STORAGE: 's3', S3_BUCKET: 'files' })).toEqual({
      endpoint: undefined,
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    const settings = s3SettingsFromEnv({
      STORAGE: 's3',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(settings).toMatchObject({ endpoint: 'http://minio:9000', region: 'eu-central-1', accessKeyId: 'id' });
    const store = storageOf(config(settings));
    expect(store).toBeInstanceOf(S3Storage);
    expect((store as S3Storage).origin).toBe('http://minio:9000');
    expect(new S3Storage({ bucket: 'files', region: 'eu-west-3' }).origin).toBe('https://s3.eu-west-3.amazonaws.com');
  });

  it('refuse another store, a missing bucket, half a key pair and an endpoint that is not a URL', () => {
    expect(() => s3SettingsFromEnv({ STORAGE: 'gcs' })).toThrow(/STORAGE=gcs/);
    expect(() => s3SettingsFromEnv({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => s3SettingsFromEnv({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => s3SettingsFromEnv({ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
  });

  it('sign upload URLs with the Content-Type and Content-Length, download URLs for 1800 s with the name', async () => {
    const store = new S3Storage({
      endpoint: 'http://store:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
    });
    const upload = await store.presignUpload({
      bucket: 'portal-avatar',
      key: 'c/Avatar/x.png',
      contentType: 'image/png',
      maxBytes: 42,
    });
    const put = new URL(upload.url);
    expect(put.origin + put.pathname).toBe('http://store:9000/files/portal-avatar/c/Avatar/x.png');
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(put.searchParams.get('X-Amz-Expires')).toBe('1800');
    expect(upload.headers).toEqual({ 'Content-Type': 'image/png' });
    const download = new URL(
      (await store.presignDownload({ bucket: 'portal-avatar', key: 'c/Avatar/x.png', fileName: 'me.png' })).url,
    );
    expect(download.searchParams.get('X-Amz-Expires')).toBe('1800');
    expect(download.searchParams.get('response-content-disposition')).toMatch(/^inline; filename="me\.png"/);
    expect(download.searchParams.get('response-content-type')).toBe('image/png');
    store.close();
  });
});
