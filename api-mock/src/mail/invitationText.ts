import type { LANGUAGE_CODES } from '../../../contract/configuration';

type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface InvitationMailValues {
  /** Who sent the invitation, as their name reads. */
  inviter: string;
  customer: string;
  email: string;
  link: string;
  days: number;
}

interface InvitationWording {
  subject(v: InvitationMailValues): string;
  lines(v: InvitationMailValues): string[];
}

/** The invitation mail in each portal language (the invitee's, as the inviter chose it). */
const WORDING: Record<LanguageCode, InvitationWording> = {
  'en-us': {
    subject: (v) => `Invitation to the instrument portal of ${v.customer}`,
    lines: (v) => [
      'Hello,',
      '',
      `${v.inviter} has invited you to the instrument portal of ${v.customer}. Your account is ${v.email}.`,
      `To set your name and password and sign in, open this link within ${v.days} days:`,
      v.link,
      '',
      'The link works once. If you did not expect this invitation, you can ignore this e-mail.',
    ],
  },
  'zh-cn': {
    subject: (v) => `${v.customer} 仪器门户邀请`,
    lines: (v) => [
      '您好：',
      '',
      `${v.inviter} 邀请您加入 ${v.customer} 的仪器门户。您的账户为 ${v.email}。`,
      `请在 ${v.days} 天内打开以下链接，设置您的姓名和密码并登录：`,
      v.link,
      '',
      '该链接仅可使用一次。如果您并未期待此邀请，请忽略此邮件。',
    ],
  },
  'zh-tw': {
    subject: (v) => `${v.customer} 儀器入口網站邀請`,
    lines: (v) => [
      '您好：',
      '',
      `${v.inviter} 邀請您加入 ${v.customer} 的儀器入口網站。您的帳戶為 ${v.email}。`,
      `請在 ${v.days} 天內開啟以下連結，設定您的姓名和密碼並登入：`,
      v.link,
      '',
      '此連結僅能使用一次。如果您並未預期收到此邀請，請忽略此郵件。',
    ],
  },
  de: {
    subject: (v) => `Einladung zum Geräteportal von ${v.customer}`,
    lines: (v) => [
      'Guten Tag,',
      '',
      `${v.inviter} hat Sie zum Geräteportal von ${v.customer} eingeladen. Ihr Konto ist ${v.email}.`,
      `Um Ihren Namen und Ihr Passwort festzulegen und sich anzumelden, öffnen Sie diesen Link innerhalb von ${v.days} Tagen:`,
      v.link,
      '',
      'Der Link funktioniert nur einmal. Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ],
  },
  fr: {
    subject: (v) => `Invitation au portail des instruments de ${v.customer}`,
    lines: (v) => [
      'Bonjour,',
      '',
      `${v.inviter} vous invite sur le portail des instruments de ${v.customer}. Votre compte est ${v.email}.`,
      `Pour définir votre nom et votre mot de passe et vous connecter, ouvrez ce lien dans les ${v.days} jours :`,
      v.link,
      '',
      "Ce lien ne fonctionne qu'une fois. Si vous n'attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
    ],
  },
  it: {
    subject: (v) => `Invito al portale strumenti di ${v.customer}`,
    lines: (v) => [
      'Buongiorno,',
      '',
      `${v.inviter} ti ha invitato al portale strumenti di ${v.customer}. Il tuo account è ${v.email}.`,
      `Per impostare nome e password e accedere, apri questo link entro ${v.days} giorni:`,
      v.link,
      '',
      'Il link funziona una sola volta. Se non aspettavi questo invito, puoi ignorare questa e-mail.',
    ],
  },
  ja: {
    subject: (v) => `${v.customer} の機器ポータルへのご招待`,
    lines: (v) => [
      'こんにちは。',
      '',
      `${v.inviter} さんから ${v.customer} の機器ポータルに招待されました。アカウントは ${v.email} です。`,
      `${v.days} 日以内に次のリンクを開き、氏名とパスワードを設定してサインインしてください。`,
      v.link,
      '',
      'このリンクは一度だけ使用できます。心当たりのない場合は、このメールを無視してください。',
    ],
  },
  pt: {
    subject: (v) => `Convite para o portal de instrumentos de ${v.customer}`,
    lines: (v) => [
      'Olá,',
      '',
      `${v.inviter} convidou você para o portal de instrumentos de ${v.customer}. Sua conta é ${v.email}.`,
      `Para definir seu nome e sua senha e entrar, abra este link em até ${v.days} dias:`,
      v.link,
      '',
      'O link funciona uma única vez. Se você não esperava este convite, pode ignorar este e-mail.',
    ],
  },
  es: {
    subject: (v) => `Invitación al portal de instrumentos de ${v.customer}`,
    lines: (v) => [
      'Hola:',
      '',
      `${v.inviter} le ha invitado al portal de instrumentos de ${v.customer}. Su cuenta es ${v.email}.`,
      `Para establecer su nombre y contraseña e iniciar sesión, abra este enlace en un plazo de ${v.days} días:`,
      v.link,
      '',
      'El enlace solo funciona una vez. Si no esperaba esta invitación, puede ignorar este correo.',
    ],
  },
};

/** Subject and plain-text body of the invitation mail in `language`. */
export function invitationMail(language: LanguageCode, values: InvitationMailValues) {
  const wording = WORDING[language];
  return { subject: wording.subject(values), body: wording.lines(values).join('\n') };
}
