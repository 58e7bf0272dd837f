import type { DocumentOwnerType } from '../../../../../contract/documents';
import { queryKeys } from '../../../lib/queryKeys';

export interface DocumentOwner {
  ownerType: DocumentOwnerType;
  ownerId: number;
}

/** The keys of the document lists: an owner's documents (`Equipment`, `ServiceCall`) and a document's versions. */
export const documentKeys = queryKeys('documents', {
  Equipment: (ownerId: number, ...versionsOf: unknown[]) => [ownerId, ...versionsOf],
  ServiceCall: (ownerId: number, ...versionsOf: unknown[]) => [ownerId, ...versionsOf],
});

/** One owner's documents. */
export const documentsKey = ({ ownerType, ownerId }: DocumentOwner) => documentKeys[ownerType](ownerId);
/** The versions of one of an owner's documents. */
export const documentVersionsKey = ({ ownerType, ownerId }: DocumentOwner, documentId: number) =>
  documentKeys[ownerType](ownerId, 'history', documentId);
