// Failures of the back office's services, as named types. The admin API maps each to one HTTP
// status (`fromService` in src/api/errors.ts); pages never see them.

/** Unknown username, wrong password or disabled account: one answer for all three. */
export class InvalidCredentialsError extends Error {
  override name = 'InvalidCredentialsError';
}

/** Too many failures for this username, IP or session. */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  readonly retryAfterMs: number;
  constructor(retryAfterMs: number) {
    super('rate limited');
    this.retryAfterMs = retryAfterMs;
  }
}

/** Wrong, malformed or already-used TOTP code. */
export class InvalidTotpError extends Error {
  override name = 'InvalidTotpError';
}

/** The current password given to a password change is wrong. */
export class WrongPasswordError extends Error {
  override name = 'WrongPasswordError';
}

/** The row asked for does not exist. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** A promotion already occupies this slot. */
export class SlotTakenError extends Error {
  override name = 'SlotTakenError';
  readonly slot: number;
  constructor(slot: number) {
    super(`slot ${slot} taken`);
    this.slot = slot;
  }
}

/**
 * An edit made on a page opened before the row was last saved (by another admin, or in another
 * tab): saving it would silently put back what that save changed.
 */
export class StaleEditError extends Error {
  override name = 'StaleEditError';
}

/** A match's result changed since its form was rendered: by another admin, or by the data source. */
export class StaleResultError extends StaleEditError {
  override name = 'StaleResultError';
}

/** A channel switched on with no address to lead to (only live chat, which opens the widget, needs none). */
export class ChannelTargetRequiredError extends Error {
  override name = 'ChannelTargetRequiredError';
}

/** A played status (live, finished, awarded, abandoned) for a match whose kick-off is still to come. */
export class MatchNotStartedError extends Error {
  override name = 'MatchNotStartedError';
}

/** HTML fields whose sanitised text, the text that would be stored, is longer than their limit. */
export class HtmlTooLongError extends Error {
  override name = 'HtmlTooLongError';
  readonly fields: readonly { field: string; max: number; length: number }[];
  constructor(fields: readonly { field: string; max: number; length: number }[]) {
    super(fields.map((f) => `${f.field}: ${f.length} > ${f.max}`).join(', '));
    this.fields = fields;
  }
}

/** Settings fields only the owner may change (settings.integrations), changed by another role. */
export class OwnerOnlyFieldsError extends Error {
  override name = 'OwnerOnlyFieldsError';
  readonly fields: readonly string[];
  constructor(fields: readonly string[]) {
    super(`owner only: ${fields.join(', ')}`);
    this.fields = fields;
  }
}

/** admin:create for a username that exists (use --reset). */
export class AdminExistsError extends Error {
  override name = 'AdminExistsError';
}
