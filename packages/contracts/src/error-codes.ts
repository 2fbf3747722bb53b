// Kept free of zod: the web app's first download reads these, and a module that builds a
// schema at load time would pull the whole validator into it (docs/decisions/021).

/**
 * Every error the private API, public API and MCP server can answer with.
 * The web client maps a code to a translated message (`errors.<code>`), or a known reason
 * (`errorReasons` below) to its own, falling back to the server's message and then to the
 * spec's fallback for the screen.
 */
export const errorCodes = [
  'validation_failed',
  'invalid_characters',
  'unauthorized',
  'invalid_credentials',
  'email_not_verified',
  'mfa_code_invalid',
  'mfa_challenge_expired',
  'mfa_already_enabled',
  'mfa_setup_required',
  'email_taken',
  'invalid_token',
  'session_expired',
  'forbidden',
  'demo_restricted',
  'cross_site_request',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'avatar_too_large',
  'avatar_not_image',
  'token_quota_exceeded',
  'ai_provider_failed',
  'ai_timeout',
  'ai_model_required',
  'campaign_budget_spent',
  'campaign_daily_budget_spent',
  'link_unreachable',
  'messenger_failed',
  'mailbox_required',
  'recipient_opted_out',
  'whatsapp_connection_required',
  'whatsapp_template_required',
  'whatsapp_template_invalid',
  'social_app_required',
  'oauth_consent_denied',
  'oauth_state_mismatch',
  'oauth_token_refused',
  'oauth_scope_missing',
  'social_unreachable',
  'push_endpoint_refused',
  'telegram_bot_required',
  'billing_unavailable',
  'billing_plan_unknown',
  'billing_plan_current',
  'billing_no_customer',
  'billing_provider_failed',
  'webhook_signature_invalid',
  'database_unavailable',
  'storage_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  validation_failed: 400,
  // NUL or half a surrogate pair anywhere in the request: no column can store it (decision 028).
  invalid_characters: 400,
  unauthorized: 401,
  invalid_credentials: 400,
  email_not_verified: 403,
  // Multi-factor sign-in and settings (decision 042): a wrong, malformed or replayed code or
  // recovery code; a code step whose signed challenge is over five minutes old, forged, used, or
  // made before MFA was turned off or on again; MFA is on already (turn it off first); the code
  // step of turning MFA on without a started setup, or new recovery codes while MFA is off.
  mfa_code_invalid: 400,
  mfa_challenge_expired: 400,
  mfa_already_enabled: 409,
  mfa_setup_required: 409,
  email_taken: 409,
  invalid_token: 400,
  session_expired: 401,
  forbidden: 403,
  demo_restricted: 403,
  // A cookie-carrying request from another site (or a form that hides its origin): CSRF.
  cross_site_request: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  // An avatar photo over AVATAR_MAX_BYTES, or with more pixels than AVATAR_MAX_PIXELS.
  avatar_too_large: 413,
  // The avatar's content is no PNG, JPEG, WebP, GIF or AVIF image, whatever its name says.
  avatar_not_image: 415,
  // 402, not 429: waiting seconds does not help, the quota renews with the next month.
  token_quota_exceeded: 402,
  ai_provider_failed: 502,
  ai_timeout: 504,
  ai_model_required: 409,
  // A campaign task's draft by a model, and the campaign's token budget is spent: no model is
  // called until the budget is raised (the offline engine still drafts; decision 036).
  campaign_budget_spent: 402,
  // The same for the campaign's daily budget: no model until tomorrow (UTC) or a higher budget.
  campaign_daily_budget_spent: 402,
  // The request was understood; the page it names could not be fetched or is not allowed.
  link_unreachable: 422,
  // The messenger platform refused or could not be reached; the message says which and why.
  messenger_failed: 502,
  // Sending email needs the user's own mailbox connected (Settings → Messengers → Email) with
  // the send permission.
  mailbox_required: 409,
  // Campaign mail to an address that unsubscribed or bounced for good: never sent again.
  recipient_opted_out: 409,
  // WhatsApp templates (docs/decisions/034) are listed from the WhatsApp connection's business
  // account: there is none, it has no WhatsApp Business Account ID, or the connection is another
  // platform's.
  whatsapp_connection_required: 409,
  // A campaign's first WhatsApp message outside the 24-hour window needs an approved template,
  // and the campaign has none chosen (or WhatsApp refused free text as a re-engagement message).
  whatsapp_template_required: 409,
  // The template is not one of the account's approved ones, or its variables do not match it.
  whatsapp_template_invalid: 400,
  // Reddit and LinkedIn (issue 19): no OAuth app (client id and secret) is set for the platform,
  // neither the server's nor the user's own.
  social_app_required: 409,
  // The OAuth callback: the user declined; the state was not the one Doppel issued (forged,
  // replayed or expired: nothing changes); the platform refused the code; fewer scopes were
  // granted than publishing needs; the platform could not be reached.
  oauth_consent_denied: 400,
  oauth_state_mismatch: 400,
  oauth_token_refused: 502,
  oauth_scope_missing: 400,
  social_unreachable: 502,
  // Browser push (issue 23): a subscription's endpoint must be an https address on the public
  // internet, never the server's own network.
  push_endpoint_refused: 400,
  // Telegram notifications go through the user's own bot: none is connected in Settings → Messengers.
  telegram_bot_required: 409,
  // Stripe billing (issue 23): this server takes no payments (no STRIPE_SECRET_KEY); the plan or
  // its period is not one STRIPE_PLANS offers; the user already pays for that plan and period;
  // the Customer Portal before any payment (no Stripe customer yet); Stripe refused or could not
  // be reached; a webhook delivery whose Stripe-Signature does not verify (nothing changes).
  billing_unavailable: 409,
  billing_plan_unknown: 400,
  billing_plan_current: 409,
  billing_no_customer: 409,
  billing_provider_failed: 502,
  webhook_signature_invalid: 400,
  // The database dropped the connection or is restarting: nothing was wrong with the request,
  // and the same request shortly after succeeds (with a Retry-After header).
  database_unavailable: 503,
  // The file store (S3-compatible storage or the local disk) could not take the file: nothing
  // was saved, and the same request shortly after succeeds (with a Retry-After header).
  storage_unavailable: 503,
  internal: 500,
};

/** Default English messages; they read like the hosted auth provider's, which the spec passes through. */
export const errorMessages: Record<ErrorCode, string> = {
  validation_failed: 'Please fill in all required fields',
  invalid_characters:
    'The text contains characters that cannot be saved (a NUL character or half of an emoji). Remove them and try again.',
  unauthorized: 'Auth session missing!',
  invalid_credentials: 'Invalid login credentials',
  email_not_verified: 'Email not confirmed',
  mfa_code_invalid:
    'That code is not right or was already used. Enter the current code from your authenticator app, or an unused recovery code.',
  mfa_challenge_expired: 'This sign-in took too long. Enter your email and password again.',
  mfa_already_enabled: 'Multi-factor authentication is already on.',
  mfa_setup_required: 'Turn on multi-factor authentication first: scan a new QR code in Settings → Security.',
  email_taken: 'User already registered',
  invalid_token: 'Token has expired or is invalid',
  session_expired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have access to this resource',
  demo_restricted: 'This is not available in demo mode. Create an account to use it.',
  cross_site_request:
    'This request did not come from the Doppel app and was refused. Reload the page and try again.',
  not_found: 'Not found',
  conflict: 'Conflict',
  rate_limited: 'Too many requests. Please try again later.',
  payload_too_large: 'Request body is too large',
  avatar_too_large: 'The photo is too large: choose an image of at most 20 MB and 100 megapixels.',
  avatar_not_image: 'This file is not an image Doppel can use: choose a PNG, JPEG, WebP, GIF or AVIF file.',
  token_quota_exceeded: 'Token quota for this month is used up',
  ai_provider_failed: 'The AI provider could not answer',
  ai_timeout: 'The AI provider did not answer in time',
  ai_model_required: 'This needs a language model. Add one in Settings → AI models.',
  campaign_budget_spent: "This campaign's token budget is spent. Raise it in the campaign's settings.",
  campaign_daily_budget_spent:
    "This campaign's daily token budget is spent. Drafts use a model again tomorrow, or raise the daily budget in the campaign's settings.",
  link_unreachable: 'The link could not be fetched',
  messenger_failed: 'The messenger platform did not accept the request',
  mailbox_required:
    'Connect your mailbox in Settings → Messengers → Email, with sending allowed, to send email.',
  recipient_opted_out:
    'This address unsubscribed from your campaign mail, or mail to it bounced: it is not mailed again.',
  social_app_required: 'Enter the client id and secret of your app for this platform first.',
  oauth_consent_denied: 'Access was declined on the platform’s page, so nothing was connected.',
  oauth_state_mismatch:
    'This sign-in link was not started here or has expired. Nothing was connected; press Connect again.',
  oauth_token_refused: 'The platform refused the sign-in. Press Connect again.',
  oauth_scope_missing:
    'Not every permission Doppel needs was granted. Press Connect again and allow them all.',
  social_unreachable: 'The platform could not be reached. Try again in a moment.',
  push_endpoint_refused:
    'This push subscription was refused: its endpoint must be an https address on the public internet.',
  telegram_bot_required:
    'Connect your Telegram bot in Settings → Messengers first: notifications come through it.',
  billing_unavailable: 'This server does not take payments: every account is on its self-hosted plan.',
  billing_plan_unknown: 'This plan or billing period is not offered.',
  billing_plan_current: 'You are already on this plan.',
  billing_no_customer: 'There are no payments to manage yet. Choose a plan first.',
  billing_provider_failed: 'The payment provider could not be reached. Please try again in a moment.',
  webhook_signature_invalid: 'The webhook signature does not verify',
  whatsapp_connection_required:
    'Approved WhatsApp templates need WhatsApp connected in Settings → Messengers with its WhatsApp Business Account ID.',
  whatsapp_template_required:
    'This lead has not written to you on WhatsApp in the last 24 hours, so the first message must be an approved template. Choose one in the campaign’s settings.',
  whatsapp_template_invalid:
    'This template is not one of your WhatsApp account’s approved templates, or its variables do not match it. Choose it again in the campaign’s settings.',
  database_unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  storage_unavailable:
    'The file could not be stored just now. Nothing was saved; please try again in a few seconds.',
  internal: 'Something went wrong',
};

/**
 * A validation error's message for API clients when its first refused field says more than
 * "please fill in all required fields": the field's code (the web app words it itself) → English.
 */
export const fieldErrorMessages: Readonly<Record<string, string>> = {
  dueAtInvalid:
    'dueAt must be an ISO 8601 date and time with a time zone offset, such as 2026-12-01T17:00:00Z, or null.',
  languageInvalid: 'language must be a two-letter ISO 639-1 code, such as en or de.',
  notesTooLong: 'notes may be at most 5,000 characters long.',
};

/**
 * Why processing a document failed (the web app words each one in the user's language; the
 * server never shows its own error text, which may name server paths):
 * file_missing — the uploaded original is no longer stored; unsupported_type — its content is
 * none of md, txt, pdf, docx; pdf_password — the PDF is locked; pdf_unreadable,
 * docx_unreadable — the file is damaged; no_text — nothing to read (a scan without a text layer,
 * an empty page); link_refused — a private or non-web address; link_http_error — the page
 * answered with an error status; link_too_large, link_timeout, link_redirects, link_unreachable;
 * link_not_page — neither a web page nor a PDF; processing_failed — anything else, after the
 * last attempt.
 */
export const documentErrorCodes = [
  'file_missing',
  'unsupported_type',
  'pdf_password',
  'pdf_unreadable',
  'docx_unreadable',
  'no_text',
  'link_refused',
  'link_http_error',
  'link_too_large',
  'link_timeout',
  'link_redirects',
  'link_unreachable',
  'link_not_page',
  'processing_failed',
] as const;

/**
 * Which refusal an error is, finer than its code (docs/decisions/039): `error.reason` in the
 * body, next to the code and the English `message`. API clients read the message; the web app
 * words a reason it knows (`errors:reasons.<reason>`) and never shows the message then. Every
 * specific message the server gives on a route the web app calls has one; a code's standard
 * message needs none (`errors:<code>`).
 */
export const errorReasons = [
  // not_found: which thing is not there (or not the user's).
  'task_not_found',
  'persona_not_found',
  'template_not_found',
  'contact_not_found',
  'document_not_found',
  'campaign_not_found',
  'lead_not_found',
  'provider_key_not_found',
  'signal_source_not_found',
  'messenger_connection_not_found',
  'api_key_not_found',
  // Contacts: a merge that would merge a contact into itself. Any keyset list: a cursor that is not ours.
  'contact_merge_into_itself',
  'list_cursor_invalid',
  // Tasks: retrying a delivery, drafting, a High Concept Analysis's proposal.
  'delivery_not_retryable',
  'nothing_to_draft',
  'no_persona_proposal',
  // Knowledge: retrying a document, the upload's body, a replacement file's checks.
  'document_not_failed',
  'document_not_a_file',
  'upload_not_multipart',
  'upload_part_unnamed',
  'upload_category_unknown',
  'upload_unreadable',
  'upload_no_files',
  'file_too_large',
  'storage_quota_exceeded',
  'file_empty',
  // A link preview (or file) that fails the way a document does: the document error codes,
  // with the same meaning.
  ...documentErrorCodes,
  // A CSV file as a whole (campaign leads, job changes).
  'csv_unreadable',
  'csv_too_many_rows',
  'csv_column_missing',
  'csv_job_change_columns_missing',
  // Campaigns and their leads.
  'campaign_closed',
  'campaign_transition_not_allowed',
  'campaign_not_active',
  'campaign_run_not_failed',
  'lead_duplicate',
  'unsubscribe_link_invalid',
  // Signals.
  'signal_source_limit',
  'already_following_feed',
  'already_following_subreddit',
  'content_plan_exists',
  'content_plan_has_no_keywords',
  'cadence_only_for_content_plan',
  'signal_source_paused',
  'polling_off_in_demo',
  // AI models.
  'base_url_required',
  'private_base_url_refused',
  'search_model_provider',
  'search_model_exists',
  'ai_timed_out',
  'empty_translation',
  // Messengers.
  'messenger_push_only',
] as const;
export type ErrorReason = (typeof errorReasons)[number];
