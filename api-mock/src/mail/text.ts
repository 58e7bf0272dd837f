import { ContactMethod } from '../../../contract/equipment';

/** The client HTML-escapes free text it sends; a mail in plain text shows the text as typed. */
export const unescapeHtml = (text: string) =>
  text.replace(/&(lt|gt|quot|#39|amp);/g, (_, entity: string) =>
    entity === 'lt' ? '<' : entity === 'gt' ? '>' : entity === 'quot' ? '"' : entity === '#39' ? "'" : '&',
  );

/** Each address once (case-insensitive), in the order first given. */
export const distinctAddresses = (addresses: string[]) => {
  const seen = new Set<string>();
  return addresses.filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The contact methods of the request forms, as a mail names them (spec 2 "Contract-team request"). */
export const CONTACT_METHOD_NAMES: Readonly<Record<number, string>> = {
  [ContactMethod.ByPhone]: 'By phone',
  [ContactMethod.ByEmail]: 'By email',
  [ContactMethod.SeeComments]: 'See comments fields',
};
