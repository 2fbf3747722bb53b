import type { InterfaceLanguage } from '@doppel/contracts';

export type EmailKind = 'verify_email' | 'reset_password' | 'change_email';

interface EmailText {
  subject: string;
  /** `{name}` and `{link}` are filled in; `{hours}` is how long the link works. */
  body: string;
}

/** Typed as a full record so a missing language or kind fails the type check. */
const templates: Record<InterfaceLanguage, Record<EmailKind, EmailText>> = {
  en: {
    verify_email: {
      subject: 'Confirm your Doppel account',
      body: 'Hi {name},\n\nConfirm your email address to finish creating your Doppel account:\n{link}\n\nThe link works for {hours} hours. If you did not sign up, ignore this email.',
    },
    reset_password: {
      subject: 'Reset your Doppel password',
      body: 'Hi {name},\n\nSomeone asked to reset the password of your Doppel account. Set a new one here:\n{link}\n\nThe link works for {hours} hour(s). Setting a new password signs out every device. If it was not you, ignore this email.',
    },
    change_email: {
      subject: 'Confirm your new email address for Doppel',
      body: 'Hi {name},\n\nConfirm that this address should become the email of your Doppel account:\n{link}\n\nThe link works for {hours} hours. If you did not ask for this, ignore this email.',
    },
  },
  ru: {
    verify_email: {
      subject: 'Подтвердите аккаунт Doppel',
      body: 'Здравствуйте, {name}!\n\nПодтвердите адрес электронной почты, чтобы завершить регистрацию в Doppel:\n{link}\n\nСсылка действует {hours} ч. Если вы не регистрировались, просто проигнорируйте это письмо.',
    },
    reset_password: {
      subject: 'Сброс пароля Doppel',
      body: 'Здравствуйте, {name}!\n\nКто-то запросил сброс пароля вашего аккаунта Doppel. Задайте новый пароль по ссылке:\n{link}\n\nСсылка действует {hours} ч. Новый пароль завершит сеансы на всех устройствах. Если это были не вы, проигнорируйте письмо.',
    },
    change_email: {
      subject: 'Подтвердите новый адрес почты для Doppel',
      body: 'Здравствуйте, {name}!\n\nПодтвердите, что этот адрес должен стать почтой вашего аккаунта Doppel:\n{link}\n\nСсылка действует {hours} ч. Если вы этого не запрашивали, проигнорируйте письмо.',
    },
  },
  fr: {
    verify_email: {
      subject: 'Confirmez votre compte Doppel',
      body: 'Bonjour {name},\n\nConfirmez votre adresse e-mail pour terminer la création de votre compte Doppel :\n{link}\n\nLe lien est valable {hours} heures. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.',
    },
    reset_password: {
      subject: 'Réinitialisez votre mot de passe Doppel',
      body: 'Bonjour {name},\n\nQuelqu’un a demandé à réinitialiser le mot de passe de votre compte Doppel. Choisissez-en un nouveau ici :\n{link}\n\nLe lien est valable {hours} heure(s). Un nouveau mot de passe déconnecte tous les appareils. Si ce n’était pas vous, ignorez cet e-mail.',
    },
    change_email: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour Doppel',
      body: 'Bonjour {name},\n\nConfirmez que cette adresse doit devenir l’e-mail de votre compte Doppel :\n{link}\n\nLe lien est valable {hours} heures. Si vous n’avez rien demandé, ignorez cet e-mail.',
    },
  },
  es: {
    verify_email: {
      subject: 'Confirma tu cuenta de Doppel',
      body: 'Hola, {name}:\n\nConfirma tu dirección de correo para terminar de crear tu cuenta de Doppel:\n{link}\n\nEl enlace funciona durante {hours} horas. Si no te registraste, ignora este correo.',
    },
    reset_password: {
      subject: 'Restablece tu contraseña de Doppel',
      body: 'Hola, {name}:\n\nAlguien pidió restablecer la contraseña de tu cuenta de Doppel. Elige una nueva aquí:\n{link}\n\nEl enlace funciona durante {hours} hora(s). Una contraseña nueva cierra la sesión en todos los dispositivos. Si no fuiste tú, ignora este correo.',
    },
    change_email: {
      subject: 'Confirma tu nueva dirección de correo para Doppel',
      body: 'Hola, {name}:\n\nConfirma que esta dirección debe ser el correo de tu cuenta de Doppel:\n{link}\n\nEl enlace funciona durante {hours} horas. Si no lo pediste, ignora este correo.',
    },
  },
  de: {
    verify_email: {
      subject: 'Bestätige dein Doppel-Konto',
      body: 'Hallo {name},\n\nbestätige deine E-Mail-Adresse, um dein Doppel-Konto fertig einzurichten:\n{link}\n\nDer Link gilt {hours} Stunden. Wenn du dich nicht registriert hast, ignoriere diese E-Mail.',
    },
    reset_password: {
      subject: 'Setze dein Doppel-Passwort zurück',
      body: 'Hallo {name},\n\njemand möchte das Passwort deines Doppel-Kontos zurücksetzen. Lege hier ein neues fest:\n{link}\n\nDer Link gilt {hours} Stunde(n). Ein neues Passwort meldet alle Geräte ab. Warst du es nicht, ignoriere diese E-Mail.',
    },
    change_email: {
      subject: 'Bestätige deine neue E-Mail-Adresse für Doppel',
      body: 'Hallo {name},\n\nbestätige, dass diese Adresse die E-Mail deines Doppel-Kontos werden soll:\n{link}\n\nDer Link gilt {hours} Stunden. Wenn du das nicht angefordert hast, ignoriere diese E-Mail.',
    },
  },
};

export function renderEmail(
  kind: EmailKind,
  language: InterfaceLanguage,
  values: { name: string; link: string; hours: number },
): EmailText {
  const template = templates[language][kind];
  const fill = (text: string) =>
    text
      .replaceAll('{name}', values.name)
      .replaceAll('{link}', values.link)
      .replaceAll('{hours}', String(values.hours));
  return { subject: fill(template.subject), body: fill(template.body) };
}
