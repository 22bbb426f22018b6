/** A paragraph, a bulleted list, or our contact details (rendered as email and phone links). */
export type LegalBlock = string | { list: readonly string[] } | { contact: true };

type LegalSection = {
  /** The anchor of the section, for the table of contents. */
  id: string;
  heading: string;
  body: readonly LegalBlock[];
};

export type LegalDocument = {
  title: string;
  /** As shown: 'May 7, 2025'. */
  effectiveDate: string;
  /** For the <time> element: '2025-05-07'. */
  effectiveDateIso: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
};
