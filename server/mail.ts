// Outgoing mail: through SMTP when SMTP_URL is set; outside production every message is also kept in the
// dev mailbox (GET /dev/mailbox). Texts come in the member's language.
import { createTransport, type Transporter } from 'nodemailer';
import type { Db } from './db/client';
import { mailOutbox } from './db/schema';
import type { ServerConfig } from './config';
import { emailCodeLifetime } from '../domain/timing';

export type MailLanguage = 'en' | 'uk' | 'ru' | 'es';

export const mailLanguage = (value: string | null | undefined): MailLanguage =>
  value === 'uk' || value === 'ru' || value === 'es' ? value : 'en';

interface Message {
  to: string;
  subject: string;
  text: string;
}

let transport: Transporter | undefined;

export async function sendMail(db: Db, config: ServerConfig, message: Message): Promise<void> {
  if (!config.production) await db.insert(mailOutbox).values(message);
  if (config.smtpUrl) {
    transport ??= createTransport(config.smtpUrl);
    await transport.sendMail({ from: config.mailFrom, ...message });
  } else if (config.production) {
    console.warn('Mail not sent: SMTP_URL is not set');
  }
}

// How long a mailed code or link works, as the texts say it (10: every language's plural form below fits).
const minutes = emailCodeLifetime / 60_000;

const templates = {
  verifyEmail: {
    en: (p: { tenant: string; code: string; link: string }) => ({
      subject: `${p.tenant}: your verification code`,
      text: `Your verification code is ${p.code}. It is valid for ${minutes} minutes.\n\nOr confirm your email with this link:\n${p.link}\n\nIf you did not register, ignore this message.`,
    }),
    uk: (p: { tenant: string; code: string; link: string }) => ({
      subject: `${p.tenant}: ваш код підтвердження`,
      text: `Ваш код підтвердження: ${p.code}. Він дійсний ${minutes} хвилин.\n\nАбо підтвердьте електронну пошту за посиланням:\n${p.link}\n\nЯкщо ви не реєструвалися, проігноруйте цей лист.`,
    }),
    ru: (p: { tenant: string; code: string; link: string }) => ({
      subject: `${p.tenant}: ваш код подтверждения`,
      text: `Ваш код подтверждения: ${p.code}. Он действителен ${minutes} минут.\n\nИли подтвердите электронную почту по ссылке:\n${p.link}\n\nЕсли вы не регистрировались, проигнорируйте это письмо.`,
    }),
    es: (p: { tenant: string; code: string; link: string }) => ({
      subject: `${p.tenant}: tu código de verificación`,
      text: `Tu código de verificación es ${p.code}. Es válido durante ${minutes} minutos.\n\nO confirma tu correo con este enlace:\n${p.link}\n\nSi no te registraste, ignora este mensaje.`,
    }),
  },
  resetPassword: {
    en: (p: { tenant: string; link: string }) => ({
      subject: `${p.tenant}: set a new password`,
      text: `To set a new password, open this link within ${minutes} minutes:\n${p.link}\n\nIf you did not ask for it, ignore this message; your password stays as it is.`,
    }),
    uk: (p: { tenant: string; link: string }) => ({
      subject: `${p.tenant}: встановіть новий пароль`,
      text: `Щоб встановити новий пароль, відкрийте це посилання протягом ${minutes} хвилин:\n${p.link}\n\nЯкщо ви цього не просили, проігноруйте лист; ваш пароль не зміниться.`,
    }),
    ru: (p: { tenant: string; link: string }) => ({
      subject: `${p.tenant}: установите новый пароль`,
      text: `Чтобы установить новый пароль, откройте эту ссылку в течение ${minutes} минут:\n${p.link}\n\nЕсли вы этого не запрашивали, проигнорируйте письмо; ваш пароль не изменится.`,
    }),
    es: (p: { tenant: string; link: string }) => ({
      subject: `${p.tenant}: establece una nueva contraseña`,
      text: `Para establecer una nueva contraseña, abre este enlace en los próximos ${minutes} minutos:\n${p.link}\n\nSi no lo solicitaste, ignora este mensaje; tu contraseña no cambiará.`,
    }),
  },
  twoFaCode: {
    en: (p: { tenant: string; code: string }) => ({
      subject: `${p.tenant}: your two-factor setup code`,
      text: `Your email code for two-factor authentication is ${p.code}. It is valid for ${minutes} minutes.`,
    }),
    uk: (p: { tenant: string; code: string }) => ({
      subject: `${p.tenant}: код для двофакторної автентифікації`,
      text: `Ваш код з електронної пошти для двофакторної автентифікації: ${p.code}. Він дійсний ${minutes} хвилин.`,
    }),
    ru: (p: { tenant: string; code: string }) => ({
      subject: `${p.tenant}: код для двухфакторной аутентификации`,
      text: `Ваш код из электронной почты для двухфакторной аутентификации: ${p.code}. Он действителен ${minutes} минут.`,
    }),
    es: (p: { tenant: string; code: string }) => ({
      subject: `${p.tenant}: tu código de autenticación en dos pasos`,
      text: `Tu código de correo para la autenticación en dos pasos es ${p.code}. Es válido durante ${minutes} minutos.`,
    }),
  },
  /** The trading.suspensions job suspended the member's accounts (cause overdue_invoices or trading_suspended). */
  tradingSuspended: {
    en: (p: { tenant: string; link: string; overdue: boolean }) => ({
      subject: `${p.tenant}: copy trading suspended`,
      text: `${p.overdue ? 'Copy trading suspended because of overdue invoices.' : 'Account not active: check the subscription and invoices.'} Your exchange accounts no longer trade.\n\nSee your invoices:\n${p.link}`,
    }),
    uk: (p: { tenant: string; link: string; overdue: boolean }) => ({
      subject: `${p.tenant}: копітрейдинг призупинено`,
      text: `${p.overdue ? 'Копітрейдинг призупинено через прострочені рахунки.' : 'Акаунт неактивний: перевірте підписку та рахунки.'} Ваші біржові акаунти більше не торгують.\n\nПерегляньте рахунки:\n${p.link}`,
    }),
    ru: (p: { tenant: string; link: string; overdue: boolean }) => ({
      subject: `${p.tenant}: копитрейдинг приостановлен`,
      text: `${p.overdue ? 'Копитрейдинг приостановлен из-за просроченных счетов.' : 'Аккаунт неактивен: проверьте подписку и счета.'} Ваши биржевые аккаунты больше не торгуют.\n\nПосмотрите счета:\n${p.link}`,
    }),
    es: (p: { tenant: string; link: string; overdue: boolean }) => ({
      subject: `${p.tenant}: copy trading suspendido`,
      text: `${p.overdue ? 'Copy trading suspendido por facturas vencidas.' : 'Cuenta no activa: revisa la suscripción y las facturas.'} Tus cuentas de exchange ya no operan.\n\nConsulta tus facturas:\n${p.link}`,
    }),
  },
};

export function mailText<K extends keyof typeof templates>(
  kind: K,
  language: MailLanguage,
  params: Parameters<(typeof templates)[K]['en']>[0],
): { subject: string; text: string } {
  return (templates[kind][language] as (p: typeof params) => { subject: string; text: string })(params);
}
