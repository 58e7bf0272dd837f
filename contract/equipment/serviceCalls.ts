import { z } from 'zod';
import { signedIn } from '../access';
import { c, envelope, standardErrors, withCommonQuery } from '../common';
import { ServiceCallSummary } from './model';
import { idParams, noBody } from './parts';

export const serviceCallsRoutes = c.router({
  refreshUpcomingServiceCalls: {
    method: 'POST',
    path: '/api/Equipment/:id/refreshUpcomingServiceCalls',
    pathParams: idParams,
    query: withCommonQuery({}),
    body: noBody,
    responses: { 200: envelope(z.array(ServiceCallSummary)), ...standardErrors },
    summary: 'Recompute and return the upcoming service calls of an equipment',
    metadata: signedIn('customerEquipment'),
  },
});
