import { IMPORT_TEMPLATE_FILE_NAME } from '../../../../../contract/importProduct';
import { client } from '../../../lib/api';
import { downloadFile } from '../../../lib/downloadFile';

/** Download the import template with the customer's own field labels as headers (GET Equipment/importTemplate). */
export async function downloadImportTemplate(): Promise<void> {
  const response = await client.equipment.importTemplate({});
  downloadFile(response, IMPORT_TEMPLATE_FILE_NAME);
}
