/**
 * Verification links as they appear on the wire (docs/verification-links.md): a link an
 * organization sends to its end user, which opens the hosted run page and starts a transaction,
 * and the organization's branding that page shows.
 */
export const verificationLinkStatuses = ['active', 'expired', 'revoked', 'used'] as const;
export type VerificationLinkStatus = (typeof verificationLinkStatuses)[number];

/** `POST /agent/api/v1/verification-link` */
export interface VerificationLinkRequest {
  workflowId: string;
  /** ISO 8601 date-time, at most 30 days away. */
  expiresOn: string;
  /** Start form values the link fixes; the run page asks for the workflow's other fields. */
  formValues?: Record<string, unknown>;
  consent: { userId: string };
  /** Where the run page sends the end user when done, with `?transactionId=…`. */
  redirectUrl?: string;
  /** Default true. */
  singleUse?: boolean;
}

export interface VerificationLink {
  id: string;
  workflowId: string;
  expiresOn: string;
  formValues: Record<string, unknown>;
  consent: { userId: string };
  redirectUrl: string | null;
  singleUse: boolean;
  status: VerificationLinkStatus;
  transactionCount: number;
  createdOn: string;
  usedOn: string | null;
  revokedOn: string | null;
}

/** The creation answer: the link's URL is shown here only (the server keeps a hash of its token). */
export interface CreatedVerificationLink extends VerificationLink {
  url: string;
}

/** `GET /agent/api/v1/verification-link/{id}`: the link and the transactions it started (newest 100). */
export interface VerificationLinkDetail extends VerificationLink {
  transactions: Array<{ transactionId: string; createdOn: string; processingStatus: string; verificationStatus: string | null }>;
}

/** `GET|PATCH /agent/api/v1/organization/branding`: what the run page shows of the organization. */
export interface Branding {
  /** null: the organization's name. */
  displayName: string | null;
  /** `#rrggbb`; null: the default. */
  accentColor: string | null;
  hasLogo: boolean;
  modifiedOn: string | null;
}
