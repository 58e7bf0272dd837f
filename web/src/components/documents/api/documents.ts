import { useQuery } from '@tanstack/react-query';
import type { Document } from '../../../../../contract/documents';
import { client, resultOf } from '../../../lib/api';
import { documentsKey, documentVersionsKey, type DocumentOwner } from './documentKeys';

/** The path parameters of an owner's document calls. */
export const documentParams = ({ ownerType, ownerId }: DocumentOwner) => ({ type: ownerType, id: ownerId });

const listDocuments = (owner: DocumentOwner): Promise<Document[]> =>
  resultOf(client.documents.list({ params: documentParams(owner), query: {}, silent: true }));

const documentHistory = (owner: DocumentOwner, documentId: number): Promise<Document[]> =>
  resultOf(client.documents.history({ params: { ...documentParams(owner), documentId }, query: {}, silent: true }));

/** An owner's documents. */
export const useDocuments = (owner: DocumentOwner) =>
  useQuery({ queryKey: documentsKey(owner), queryFn: () => listDocuments(owner) });

/** The earlier versions of a document, read each time they are shown. */
export const useDocumentVersions = (owner: DocumentOwner, documentId: number) =>
  useQuery({
    queryKey: documentVersionsKey(owner, documentId),
    queryFn: () => documentHistory(owner, documentId),
    staleTime: 0,
  });

export const deleteDocument = (owner: DocumentOwner, documentId: number, permanently: boolean) =>
  resultOf(
    client.documents.remove({
      params: { ...documentParams(owner), documentId },
      query: { isDeletePermanently: permanently },
      silent: true,
    }),
  );

export const restoreDocument = (owner: DocumentOwner, documentId: number): Promise<Document> =>
  resultOf(
    client.documents.restore({
      params: { ...documentParams(owner), documentId },
      query: {},
      body: {},
      silent: true,
    }),
  );
