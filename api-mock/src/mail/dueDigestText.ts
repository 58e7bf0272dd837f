import type { LANGUAGE_CODES } from '../../../contract/configuration';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** One line of the digest: a due date of one kind of work on one instrument, already in the reader's words. */
export interface DigestLine {
  date: string;
  kind: string;
  instrument: string;
  link: string;
}

export interface DigestMailValues {
  name: string;
  customer: string;
  week: string;
  days: number;
  overdue: DigestLine[];
  dueSoon: DigestLine[];
  /** How many due dates are overdue, and due soon, shown or not. */
  overdueCount: number;
  dueSoonCount: number;
  /** How many further due dates the mail leaves out. */
  more: number;
  welcomeLink: string;
  accountLink: string;
}

interface DigestWording {
  subject(v: { customer: string; overdue: number; dueSoon: number }): string;
  hello(name: string): string;
  intro(v: DigestMailValues): string;
  overdue: string;
  dueSoon: string;
  more(count: number, link: string): string;
  /** Why the reader gets it and where to turn it off (the account page's setting). */
  footer(link: string): string;
}

/** The weekly digest of due work in each portal language (the recipient's). */
const WORDING: Record<LanguageCode, DigestWording> = {
  'en-us': {
    subject: (v) => `${v.customer}: ${v.overdue} overdue, ${v.dueSoon} due soon — weekly service digest`,
    hello: (name) => `Hello ${name},`,
    intro: (v) =>
      `This is the service work of ${v.customer} that is overdue or due within ${v.days} days (week ${v.week}).`,
    overdue: 'Overdue',
    dueSoon: 'Due soon',
    more: (count, link) => `…and ${count} more. See them all on the welcome page: ${link}`,
    footer: (link) =>
      `You receive this digest every week as a manager or as the contact of these instruments. To stop it, turn off "Weekly digest of due work" in your account: ${link}`,
  },
  'zh-cn': {
    subject: (v) => `${v.customer}：${v.overdue} 项已逾期，${v.dueSoon} 项即将到期——每周服务摘要`,
    hello: (name) => `${name}，您好：`,
    intro: (v) => `以下是 ${v.customer} 已逾期或将在 ${v.days} 天内到期的服务工作（第 ${v.week} 周）。`,
    overdue: '已逾期',
    dueSoon: '即将到期',
    more: (count, link) => `……另有 ${count} 项。请在欢迎页面查看全部：${link}`,
    footer: (link) =>
      `您作为管理员或这些仪器的联系人，每周都会收到此摘要。如需停止接收，请在您的账户中关闭“每周到期工作摘要”：${link}`,
  },
  'zh-tw': {
    subject: (v) => `${v.customer}：${v.overdue} 項已逾期，${v.dueSoon} 項即將到期——每週服務摘要`,
    hello: (name) => `${name}，您好：`,
    intro: (v) => `以下是 ${v.customer} 已逾期或將在 ${v.days} 天內到期的服務工作（第 ${v.week} 週）。`,
    overdue: '已逾期',
    dueSoon: '即將到期',
    more: (count, link) => `……另有 ${count} 項。請在歡迎頁面查看全部：${link}`,
    footer: (link) =>
      `您以管理員或這些儀器聯絡人的身分，每週都會收到此摘要。如需停止接收，請在您的帳戶中關閉「每週到期工作摘要」：${link}`,
  },
  de: {
    subject: (v) => `${v.customer}: ${v.overdue} überfällig, ${v.dueSoon} bald fällig – wöchentliche Serviceübersicht`,
    hello: (name) => `Guten Tag ${name},`,
    intro: (v) =>
      `hier sind die Servicearbeiten von ${v.customer}, die überfällig oder innerhalb von ${v.days} Tagen fällig sind (Woche ${v.week}).`,
    overdue: 'Überfällig',
    dueSoon: 'Bald fällig',
    more: (count, link) => `… und ${count} weitere. Alle finden Sie auf der Startseite: ${link}`,
    footer: (link) =>
      `Sie erhalten diese Übersicht jede Woche als Manager oder als Ansprechpartner dieser Geräte. Um sie abzubestellen, schalten Sie „Wöchentliche Übersicht fälliger Arbeiten“ in Ihrem Konto aus: ${link}`,
  },
  fr: {
    subject: (v) =>
      `${v.customer} : ${v.overdue} en retard, ${v.dueSoon} bientôt à échéance — récapitulatif hebdomadaire du service`,
    hello: (name) => `Bonjour ${name},`,
    intro: (v) =>
      `Voici les interventions de ${v.customer} en retard ou à échéance dans les ${v.days} jours (semaine ${v.week}).`,
    overdue: 'En retard',
    dueSoon: 'Bientôt à échéance',
    more: (count, link) => `… et ${count} de plus. Retrouvez-les toutes sur la page d’accueil : ${link}`,
    footer: (link) =>
      `Vous recevez ce récapitulatif chaque semaine en tant que responsable ou contact de ces instruments. Pour ne plus le recevoir, désactivez « Récapitulatif hebdomadaire des échéances » dans votre compte : ${link}`,
  },
  it: {
    subject: (v) =>
      `${v.customer}: ${v.overdue} scaduti, ${v.dueSoon} in scadenza — riepilogo settimanale dell’assistenza`,
    hello: (name) => `Buongiorno ${name},`,
    intro: (v) =>
      `ecco gli interventi di ${v.customer} scaduti o in scadenza entro ${v.days} giorni (settimana ${v.week}).`,
    overdue: 'Scaduti',
    dueSoon: 'In scadenza',
    more: (count, link) => `… e altri ${count}. Li trova tutti nella pagina di benvenuto: ${link}`,
    footer: (link) =>
      `Riceve questo riepilogo ogni settimana come responsabile o come referente di questi strumenti. Per non riceverlo più, disattivi «Riepilogo settimanale delle scadenze» nel suo account: ${link}`,
  },
  ja: {
    subject: (v) => `${v.customer}：期限切れ ${v.overdue} 件、まもなく期限 ${v.dueSoon} 件 — 週間サービスダイジェスト`,
    hello: (name) => `${name} 様`,
    intro: (v) =>
      `${v.customer} のサービス作業のうち、期限切れのもの、または ${v.days} 日以内に期限を迎えるものをお知らせします（${v.week} 週）。`,
    overdue: '期限切れ',
    dueSoon: 'まもなく期限',
    more: (count, link) => `…ほか ${count} 件。すべてはウェルカムページでご覧いただけます：${link}`,
    footer: (link) =>
      `このダイジェストは、管理者またはこれらの機器の担当者として毎週お送りしています。配信を停止するには、アカウントの「期限が近い作業の週間ダイジェスト」をオフにしてください：${link}`,
  },
  pt: {
    subject: (v) => `${v.customer}: ${v.overdue} em atraso, ${v.dueSoon} a vencer em breve — resumo semanal de serviço`,
    hello: (name) => `Olá, ${name},`,
    intro: (v) =>
      `Estes são os serviços de ${v.customer} em atraso ou com vencimento nos próximos ${v.days} dias (semana ${v.week}).`,
    overdue: 'Em atraso',
    dueSoon: 'A vencer em breve',
    more: (count, link) => `…e mais ${count}. Veja todos na página de boas-vindas: ${link}`,
    footer: (link) =>
      `Você recebe este resumo toda semana como gestor ou como contato destes instrumentos. Para deixar de recebê-lo, desative "Resumo semanal de trabalhos a vencer" na sua conta: ${link}`,
  },
  es: {
    subject: (v) =>
      `${v.customer}: ${v.overdue} vencidos, ${v.dueSoon} próximos a vencer — resumen semanal de servicio`,
    hello: (name) => `Hola, ${name}:`,
    intro: (v) =>
      `Estos son los trabajos de servicio de ${v.customer} vencidos o que vencen en los próximos ${v.days} días (semana ${v.week}).`,
    overdue: 'Vencidos',
    dueSoon: 'Próximos a vencer',
    more: (count, link) => `…y ${count} más. Véalos todos en la página de bienvenida: ${link}`,
    footer: (link) =>
      `Recibe este resumen cada semana como responsable o como contacto de estos instrumentos. Para dejar de recibirlo, desactive «Resumen semanal de trabajos pendientes» en su cuenta: ${link}`,
  },
};

const line = (l: DigestLine) => `- ${l.date}  ${l.kind}  ${l.instrument}\n  ${l.link}`;

/** The digest's subject and text in the recipient's language. */
export function digestMail(language: LanguageCode, v: DigestMailValues): { subject: string; body: string } {
  const w = WORDING[language];
  const section = (title: string, lines: DigestLine[]) => (lines.length ? ['', `${title}:`, ...lines.map(line)] : []);
  return {
    subject: w.subject({ customer: v.customer, overdue: v.overdueCount, dueSoon: v.dueSoonCount }),
    body: [
      w.hello(v.name),
      '',
      w.intro(v),
      ...section(w.overdue, v.overdue),
      ...section(w.dueSoon, v.dueSoon),
      ...(v.more > 0 ? ['', w.more(v.more, v.welcomeLink)] : []),
      '',
      '-- ',
      w.footer(v.accountLink),
    ].join('\n'),
  };
}
