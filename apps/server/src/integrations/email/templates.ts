import type { InterfaceLanguage } from '@doppel/contracts';

/** The emails an account gets: one per emailed-link purpose, and the note that the address already has an account. */
export type EmailKind = 'verify_email' | 'reset_password' | 'change_email' | 'account_exists';

interface EmailText {
  subject: string;
  /** `{name}` and `{link}` are filled in; `{hours}` is how long the link works; `{signInLink}` is the sign-in page. */
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
    account_exists: {
      subject: 'Someone tried to sign up to Doppel with your email',
      body: 'Hi {name},\n\nSomeone just tried to create a Doppel account with this email address. It already has an account, so nothing was created and nothing in your account changed.\n\nIf it was you, sign in here:\n{signInLink}\n\nForgot your password? Set a new one here (the link works for {hours} hour(s)):\n{link}\n\nIf it was not you, ignore this email.',
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
    account_exists: {
      subject: 'Кто-то пытался зарегистрироваться в Doppel с вашим адресом',
      body: 'Здравствуйте, {name}!\n\nКто-то только что пытался создать аккаунт Doppel с этим адресом электронной почты. Аккаунт с этим адресом уже есть, поэтому новый не создан, а в вашем ничего не изменилось.\n\nЕсли это были вы, войдите здесь:\n{signInLink}\n\nЗабыли пароль? Задайте новый по ссылке (она действует {hours} ч):\n{link}\n\nЕсли это были не вы, проигнорируйте письмо.',
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
    account_exists: {
      subject: 'Quelqu’un a essayé de s’inscrire à Doppel avec votre adresse',
      body: 'Bonjour {name},\n\nQuelqu’un vient d’essayer de créer un compte Doppel avec cette adresse e-mail. Elle a déjà un compte : aucun compte n’a été créé et rien n’a changé dans le vôtre.\n\nSi c’était vous, connectez-vous ici :\n{signInLink}\n\nMot de passe oublié ? Choisissez-en un nouveau ici (le lien est valable {hours} heure(s)) :\n{link}\n\nSi ce n’était pas vous, ignorez cet e-mail.',
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
    account_exists: {
      subject: 'Alguien intentó registrarse en Doppel con tu correo',
      body: 'Hola, {name}:\n\nAlguien acaba de intentar crear una cuenta de Doppel con esta dirección de correo. Ya tiene una cuenta, así que no se ha creado ninguna y en la tuya no ha cambiado nada.\n\nSi fuiste tú, inicia sesión aquí:\n{signInLink}\n\n¿Olvidaste tu contraseña? Elige una nueva aquí (el enlace funciona durante {hours} hora(s)):\n{link}\n\nSi no fuiste tú, ignora este correo.',
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
    account_exists: {
      subject: 'Jemand wollte sich mit deiner E-Mail-Adresse bei Doppel registrieren',
      body: 'Hallo {name},\n\njemand hat gerade versucht, mit dieser E-Mail-Adresse ein Doppel-Konto anzulegen. Für sie gibt es schon ein Konto, daher wurde kein neues angelegt und an deinem hat sich nichts geändert.\n\nWarst du es, melde dich hier an:\n{signInLink}\n\nPasswort vergessen? Lege hier ein neues fest (der Link gilt {hours} Stunde(n)):\n{link}\n\nWarst du es nicht, ignoriere diese E-Mail.',
    },
  },
};

export function renderEmail(
  kind: EmailKind,
  language: InterfaceLanguage,
  values: { name: string; link: string; hours: number; signInLink: string },
): EmailText {
  const template = templates[language][kind];
  const fill = (text: string) =>
    text
      .replaceAll('{name}', values.name)
      .replaceAll('{signInLink}', values.signInLink)
      .replaceAll('{link}', values.link)
      .replaceAll('{hours}', String(values.hours));
  return { subject: fill(template.subject), body: fill(template.body) };
}
