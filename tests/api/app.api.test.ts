import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer } from '../support/apiServer';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer();
  server.app.get('/api/test/fault', async () => {
    throw new Error('simulated fault with secret detail');
  });
});
afterAll(() => server.close());

describe('the server frame', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 404 });
  });

  it('answers a server fault with 500 and an error id, never a stack trace', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/test/fault' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toContain('at ');
  });

  it('matches API paths case-insensitively, as the spec mixes cases', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/API/Users/Me' });
    expect(res.statusCode).toBe(401);
  });

  it('hands out a readable anti-forgery cookie on a GET', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/users/me' });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{20,}\.0\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{40,}$/);
    expect(xsrf?.httpOnly).toBeFalsy();
  });

  it('serves the OpenAPI document of the contract and a readable page of it', async () => {
    const doc = await server.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/users/me', '/api/Equipment/list']));
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui');
    const init = await server.app.inject({ method: 'GET', url: '/api/docs/ui/docs-init.js' });
    expect(init.body).toContain('/api/docs/openapi.json');
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs/ui/swagger-ui-bundle.js' });
    expect(ui.statusCode).toBe(200);
  });

  it('answers an API path the server does not implement with a JSON 404', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/NoSuchResource/emails' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorCode: 404 });
  });

  it('serves the web app for portal paths, so a reload of /app/welcome works', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/app/welcome' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
