import type { ComponentType } from 'react';
import type { InstrumentImageData } from '../../../../contract/images';

/**
 * The inventory's image dialog and field labels this page reuses. A feature never imports another feature, so the
 * app (portalPages.tsx) hands them in; the shapes below are what the page needs of them.
 */
export interface ProductsManagementParts {
  ImageViewerDialog: ComponentType<{
    isOpen: boolean;
    equipmentId: number;
    title: string;
    imageData: InstrumentImageData | null;
    officialImageUrl: string | null;
    onClose(): void;
    onChanged(data: InstrumentImageData | null): void;
  }>;
  /** The i18n key of an equipment field's label (the inventory's field registry). */
  fieldLabelKey(field: string): string | undefined;
}
