import { z } from 'zod';
import { signedIn } from '../access';
import { c, envelope, EntityId, standardErrors, withCommonQuery } from '../common';
import { ImageChanges, InstrumentImageData } from '../images';
import { idParams } from './parts';

export const imagesRoutes = c.router({
  setDefaultImage: {
    method: 'PUT',
    path: '/api/Equipment/:id/defaultImage',
    pathParams: idParams,
    query: withCommonQuery({}),
    body: z.object({ resourceId: EntityId }),
    responses: { 200: envelope(InstrumentImageData), ...standardErrors },
    summary: 'Make one image of an equipment its default image',
    metadata: signedIn('customerEquipment'),
  },
  updateImages: {
    method: 'PUT',
    path: '/api/Equipment/:id/image',
    pathParams: idParams,
    query: withCommonQuery({}),
    body: ImageChanges,
    responses: { 200: envelope(InstrumentImageData.nullable()), ...standardErrors },
    summary: 'Register uploaded images and delete images of an equipment; null once no image is left',
    metadata: signedIn('customerEquipment'),
  },
});
