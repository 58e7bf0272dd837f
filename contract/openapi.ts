import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from './index';

/** The OpenAPI document of the whole contract: what `npm run openapi` writes and the server serves. */
export function buildOpenApi(): ReturnType<typeof generateOpenApi> {
  return generateOpenApi(
    contract,
    {
      info: {
        title: 'Instrument-owner portal API',
        version: '1.0.0',
        description:
          'Every JSON answer with HTTP 200 is the envelope { errorCode, errorMessage?, result? }: errorCode 0 carries ' +
          'the result, any other code is a business error of the error catalogue. 400 = the request fails the ' +
          'schema (with issues), 401 = not signed in, 403 = permission denied or missing anti-forgery token, ' +
          '404 = unknown route or record. Changing calls must echo the XSRF-TOKEN cookie in the X-XSRF-TOKEN header. ' +
          'Every call accepts userCustomerId and timeZoneDiff query parameters. Paths match case-insensitively.',
      },
      servers: [{ url: '/' }],
    },
    { setOperationId: 'concatenated-path' },
  );
}
