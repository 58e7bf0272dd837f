import type { LANGUAGE_CODES } from '../../../contract/configuration';
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

type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The signed-in user whose request causes a mail. */
export interface Sender {
  userId: number;
  name: string;
  email: string;
}

const SENT_FOR: Record<LanguageCode, (s: Sender) => string> = {
  'en-us': (s) => `Sent through the instrument portal at the request of ${s.name} <${s.email}>.`,
  'zh-cn': (s) => `此邮件由 ${s.name} <${s.email}> 通过仪器门户发送。`,
  'zh-tw': (s) => `此郵件由 ${s.name} <${s.email}> 透過儀器入口網站寄送。`,
  de: (s) => `Über das Geräteportal gesendet im Auftrag von ${s.name} <${s.email}>.`,
  fr: (s) => `Envoyé par le portail des instruments à la demande de ${s.name} <${s.email}>.`,
  it: (s) => `Inviato tramite il portale strumenti su richiesta di ${s.name} <${s.email}>.`,
  ja: (s) => `このメールは ${s.name} <${s.email}> さんの依頼により機器ポータルから送信されました。`,
  pt: (s) => `Enviado pelo portal de instrumentos a pedido de ${s.name} <${s.email}>.`,
  es: (s) => `Enviado a través del portal de instrumentos a petición de ${s.name} <${s.email}>.`,
};

/** The closing line that names the user a mail was sent for, in the mail's language. */
export const sentForLine = (language: LanguageCode, sender: Sender) => SENT_FOR[language](sender);
