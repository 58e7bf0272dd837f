import type { LANGUAGE_CODES } from '../../../contract/configuration';
import type { InvitationTemplate } from '../../../contract/invitations';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

interface OnboardingWording {
  subject: string;
  /** Paragraphs of the template, then the points of its list, then the closing paragraphs. */
  opening: string[];
  points: string[];
  closing: string[];
  /** The lines a portal invite adds for an address without an account: its personal sign-up link. */
  signUp(link: string, days: number): string[];
  /** The lines a portal invite adds for an address that already has an account. */
  signIn(link: string): string[];
}

/** The customer-onboarding mail in each portal language: what provider staff start from in the editor. */
const WORDING: Record<LanguageCode, OnboardingWording> = {
  'en-us': {
    subject: 'Welcome to the instrument portal',
    opening: [
      'Dear customer,',
      'Thank you for your trust. Your instruments and service agreements are now available in our instrument portal.',
      'In the portal you can:',
    ],
    points: [
      'see your instruments, their documents and their service history',
      'request service and follow your work orders',
      'reserve instrument time for your team',
    ],
    closing: ['If you have any questions, simply reply to this e-mail.', 'Kind regards,<br>Your service team'],
    signUp: (link, days) => [`To create your account, open this link within ${days} days:`, link],
    signIn: (link) => ['You already have an account. Sign in here:', link],
  },
  'zh-cn': {
    subject: '欢迎使用仪器门户',
    opening: ['尊敬的客户：', '感谢您的信任。您的仪器和服务协议现已在我们的仪器门户中提供。', '在门户中，您可以：'],
    points: ['查看您的仪器及其文档和服务历史', '申请服务并跟踪您的工单', '为您的团队预约仪器使用时间'],
    closing: ['如有任何问题，请直接回复此邮件。', '此致<br>您的服务团队'],
    signUp: (link, days) => [`请在 ${days} 天内打开以下链接创建您的账户：`, link],
    signIn: (link) => ['您已拥有账户。请在此登录：', link],
  },
  'zh-tw': {
    subject: '歡迎使用儀器入口網站',
    opening: [
      '親愛的客戶您好：',
      '感謝您的信任。您的儀器和服務合約現已在我們的儀器入口網站中提供。',
      '在入口網站中，您可以：',
    ],
    points: ['檢視您的儀器及其文件和服務紀錄', '申請服務並追蹤您的工單', '為您的團隊預約儀器使用時間'],
    closing: ['如有任何問題，請直接回覆此郵件。', '敬祝 順心<br>您的服務團隊'],
    signUp: (link, days) => [`請在 ${days} 天內開啟以下連結建立您的帳戶：`, link],
    signIn: (link) => ['您已擁有帳戶。請在此登入：', link],
  },
  de: {
    subject: 'Willkommen im Geräteportal',
    opening: [
      'Sehr geehrte Kundin, sehr geehrter Kunde,',
      'vielen Dank für Ihr Vertrauen. Ihre Geräte und Serviceverträge stehen ab sofort in unserem Geräteportal bereit.',
      'Im Portal können Sie:',
    ],
    points: [
      'Ihre Geräte mit Dokumenten und Servicehistorie einsehen',
      'Service anfordern und Ihre Arbeitsaufträge verfolgen',
      'Gerätezeit für Ihr Team reservieren',
    ],
    closing: ['Bei Fragen antworten Sie einfach auf diese E-Mail.', 'Mit freundlichen Grüßen<br>Ihr Serviceteam'],
    signUp: (link, days) => [`Um Ihr Konto anzulegen, öffnen Sie diesen Link innerhalb von ${days} Tagen:`, link],
    signIn: (link) => ['Sie haben bereits ein Konto. Melden Sie sich hier an:', link],
  },
  fr: {
    subject: 'Bienvenue sur le portail des instruments',
    opening: [
      'Chère cliente, cher client,',
      'Merci de votre confiance. Vos instruments et vos contrats de service sont désormais disponibles sur notre portail des instruments.',
      'Sur le portail, vous pouvez :',
    ],
    points: [
      "consulter vos instruments, leurs documents et leur historique d'interventions",
      'demander une intervention et suivre vos ordres de travail',
      "réserver du temps d'instrument pour votre équipe",
    ],
    closing: ['Pour toute question, répondez simplement à cet e-mail.', 'Cordialement,<br>Votre équipe de service'],
    signUp: (link, days) => [`Pour créer votre compte, ouvrez ce lien dans les ${days} jours :`, link],
    signIn: (link) => ['Vous avez déjà un compte. Connectez-vous ici :', link],
  },
  it: {
    subject: 'Benvenuto nel portale strumenti',
    opening: [
      'Gentile cliente,',
      'grazie per la fiducia. I suoi strumenti e i contratti di assistenza sono ora disponibili nel nostro portale strumenti.',
      'Nel portale può:',
    ],
    points: [
      'consultare i suoi strumenti, i relativi documenti e la cronologia degli interventi',
      'richiedere assistenza e seguire i suoi ordini di lavoro',
      'prenotare il tempo strumento per il suo team',
    ],
    closing: [
      'Per qualsiasi domanda, risponda semplicemente a questa e-mail.',
      'Cordiali saluti,<br>Il suo team di assistenza',
    ],
    signUp: (link, days) => [`Per creare il suo account, apra questo link entro ${days} giorni:`, link],
    signIn: (link) => ['Ha già un account. Acceda qui:', link],
  },
  ja: {
    subject: '機器ポータルへようこそ',
    opening: [
      'お客様各位',
      '平素よりお引き立ていただきありがとうございます。お客様の機器とサービス契約を機器ポータルでご覧いただけるようになりました。',
      'ポータルでは次のことができます。',
    ],
    points: [
      '機器とその文書、サービス履歴の確認',
      'サービスの依頼と作業指示の進捗確認',
      'チームのための機器使用時間の予約',
    ],
    closing: [
      'ご不明な点がございましたら、このメールにご返信ください。',
      '今後ともよろしくお願いいたします。<br>サービスチーム',
    ],
    signUp: (link, days) => [`${days} 日以内に次のリンクを開いて、アカウントを作成してください。`, link],
    signIn: (link) => ['すでにアカウントをお持ちです。こちらからサインインしてください。', link],
  },
  pt: {
    subject: 'Bem-vindo ao portal de instrumentos',
    opening: [
      'Prezado cliente,',
      'Obrigado pela confiança. Seus instrumentos e contratos de serviço já estão disponíveis em nosso portal de instrumentos.',
      'No portal, você pode:',
    ],
    points: [
      'ver seus instrumentos, os documentos e o histórico de serviços de cada um',
      'solicitar serviço e acompanhar suas ordens de serviço',
      'reservar tempo de instrumento para sua equipe',
    ],
    closing: ['Se tiver dúvidas, basta responder a este e-mail.', 'Atenciosamente,<br>Sua equipe de serviço'],
    signUp: (link, days) => [`Para criar sua conta, abra este link em até ${days} dias:`, link],
    signIn: (link) => ['Você já tem uma conta. Entre aqui:', link],
  },
  es: {
    subject: 'Bienvenido al portal de instrumentos',
    opening: [
      'Estimado cliente:',
      'Gracias por su confianza. Sus instrumentos y contratos de servicio ya están disponibles en nuestro portal de instrumentos.',
      'En el portal puede:',
    ],
    points: [
      'consultar sus instrumentos, sus documentos y su historial de servicio',
      'solicitar servicio y seguir sus órdenes de trabajo',
      'reservar tiempo de instrumento para su equipo',
    ],
    closing: ['Si tiene alguna pregunta, responda a este correo.', 'Atentamente,<br>Su equipo de servicio'],
    signUp: (link, days) => [`Para crear su cuenta, abra este enlace en un plazo de ${days} días:`, link],
    signIn: (link) => ['Ya tiene una cuenta. Inicie sesión aquí:', link],
  },
};

/** GET Users/invitation/template: the subject and rich text the form starts from in `language`. */
export function onboardingTemplate(language: LanguageCode): InvitationTemplate {
  const w = WORDING[language];
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');
  return {
    subject: w.subject,
    description: `${paragraphs(w.opening)}<ul>${w.points.map((p) => `<li><p>${p}</p></li>`).join('')}</ul>${paragraphs(w.closing)}`,
  };
}

/** The plain-text lines a portal invite adds for one addressee: a sign-up link, or the sign-in page. */
export function portalLinkLines(
  language: LanguageCode,
  link: { kind: 'signUp'; url: string; days: number } | { kind: 'signIn'; url: string },
): string[] {
  const w = WORDING[language];
  return link.kind === 'signUp' ? w.signUp(link.url, link.days) : w.signIn(link.url);
}
