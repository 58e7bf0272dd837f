import type { FastifyInstance } from 'fastify';
import type { FileIdentifier } from '../../contract/images';
import { catalogueFile, type CatalogueEntry } from '../../scripts/makeCatalogueTemplate';
import { uploadThroughSignedUrl } from './apiCalls';
import type { InjectClient } from './injectClient';

export { catalogueFile, type CatalogueEntry };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `count` catalogue rows with part numbers `<prefix>00001`… and realistic text of every column. */
export function generatedEntries(count: number, prefix = 'GEN'): CatalogueEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    return {
      partNumber: `${prefix}${n}`,
      displayName: `Analyzer ${prefix} ${n}`,
      brandName: 'Catalogue Test Instruments',
      modelName: `CT-${n}`,
      shortDescription: `<p>Benchtop analyzer <strong>CT-${n}</strong> for routine work.</p>`,
      longDescription: `<p>The CT-${n} measures samples quickly.</p><ul><li>Low noise</li><li>Small footprint</li></ul>`,
      productUrl: `https://catalogue.example/products/${prefix}${n}`,
      largeImageUrl: `https://catalogue.example/images/${prefix}${n}.png`,
      width: '45 cm',
      height: '30 cm',
      length: '50 cm',
      weight: `${10 + (i % 30)} kg`,
      depth: '50 cm',
      metaDescription: `Catalogue Test Instruments CT-${n} benchtop analyzer.`,
    };
  });
}

/** A catalogue file uploaded to storage as the browser does it, ready for PUT Configuration/productMarketInfo. */
export async function uploadCatalogue(
  app: FastifyInstance,
  client: InjectClient,
  bytes: Buffer,
  fileName = 'catalogue.xlsx',
  contentType = XLSX_TYPE,
): Promise<FileIdentifier> {
  const target = await uploadThroughSignedUrl(app, client, {
    fileName,
    contentType,
    fileType: 'ProductMarketInfo',
    bytes,
  });
  return { resourceKey: target.resourceKey, bucketName: target.bucketName };
}
