import type { LANGUAGE_CODES } from '../../../contract/configuration';
import { escapeHtml } from '../lib/html';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface OverdueValues {
  kind: string;
  instrument: string;
  date: string;
  link: string;
}

interface OverdueWording {
  subject(v: OverdueValues): string;
  text(v: OverdueValues): string;
  open: string;
}

/** The in-app notice of an overdue due date, in each portal language (the recipient's). */
const WORDING: Record<LanguageCode, OverdueWording> = {
  'en-us': {
    subject: (v) => `Overdue: ${v.kind} of ${v.instrument}`,
    text: (v) => `${v.kind} of ${v.instrument} was due on ${v.date} and is now overdue.`,
    open: 'Open the instrument',
  },
  'zh-cn': {
    subject: (v) => `已逾期：${v.instrument} 的${v.kind}`,
    text: (v) => `${v.instrument} 的${v.kind}应于 ${v.date} 完成，现已逾期。`,
    open: '打开仪器',
  },
  'zh-tw': {
    subject: (v) => `已逾期：${v.instrument} 的${v.kind}`,
    text: (v) => `${v.instrument} 的${v.kind}應於 ${v.date} 完成，現已逾期。`,
    open: '開啟儀器',
  },
  de: {
    subject: (v) => `Überfällig: ${v.kind} von ${v.instrument}`,
    text: (v) => `${v.kind} von ${v.instrument} war am ${v.date} fällig und ist jetzt überfällig.`,
    open: 'Gerät öffnen',
  },
  fr: {
    subject: (v) => `En retard : ${v.kind} de ${v.instrument}`,
    text: (v) => `${v.kind} de ${v.instrument} était prévu(e) le ${v.date} et est maintenant en retard.`,
    open: 'Ouvrir l’instrument',
  },
  it: {
    subject: (v) => `Scaduto: ${v.kind} di ${v.instrument}`,
    text: (v) => `${v.kind} di ${v.instrument} era previsto per il ${v.date} ed è ora scaduto.`,
    open: 'Apri lo strumento',
  },
  ja: {
    subject: (v) => `期限切れ：${v.instrument} の${v.kind}`,
    text: (v) => `${v.instrument} の${v.kind}は ${v.date} が期限でしたが、期限を過ぎています。`,
    open: '機器を開く',
  },
  pt: {
    subject: (v) => `Em atraso: ${v.kind} de ${v.instrument}`,
    text: (v) => `${v.kind} de ${v.instrument} vencia em ${v.date} e está agora em atraso.`,
    open: 'Abrir o instrumento',
  },
  es: {
    subject: (v) => `Vencido: ${v.kind} de ${v.instrument}`,
    text: (v) => `${v.kind} de ${v.instrument} vencía el ${v.date} y ahora está vencido.`,
    open: 'Abrir el instrumento',
  },
};

/** The notice's subject and HTML content (the client sanitises it) in the recipient's language. */
export function overdueNotice(language: LanguageCode, v: OverdueValues): { subject: string; content: string } {
  const w = WORDING[language];
  return {
    subject: w.subject(v).slice(0, 200),
    content: `<p>${escapeHtml(w.text(v))}</p><p><a href="${escapeHtml(v.link)}">${escapeHtml(w.open)}</a></p>`,
  };
}
