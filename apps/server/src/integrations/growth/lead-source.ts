/** A person read from a lead source (Pipedrive, Apollo), in the shape a campaign lead is stored. */
export interface SourcePerson {
  name: string;
  company: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
  linkedinUrl: string | null;
  language: string | null;
  /** The source's own id, so a second run does not import the person again. */
  externalId: string;
}
