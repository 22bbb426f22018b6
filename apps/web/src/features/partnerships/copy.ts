/**
 * Copy of the partnerships feature (the form of /community-partnerships). The spec's failure
 * alert comes from the contract's ERRORS; the hourly limit's text is the server's own.
 */
export const partnershipsCopy = {
  formHeading: 'Partnership Application',
  formIntro: 'Tell us about you and your company. All fields are required.',
  nameLabel: 'Name',
  emailLabel: 'Email',
  phoneLabel: 'Phone',
  companyNameLabel: 'Company name',
  companyDescriptionLabel: 'Company description',
  companyDescriptionHint: 'What your company does, and how you would like to work with us.',
  /** The honeypot's label: never shown to people, only robots read it. */
  websiteLabel: 'Leave this field empty',
  submit: 'Submit Application',
  thankYouHeading: 'Thank you for your application!',
  thankYouBody:
    'We have received it and sent a confirmation to your email address. Our partnerships team will be in touch soon.',
  submitAnother: 'Submit another application',
} as const;
