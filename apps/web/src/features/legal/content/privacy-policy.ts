import { ELIGIBILITY_MIN_AGE, LEGAL_EFFECTIVE_DATE } from '@questfield/contract';
import type { LegalDocument } from './types';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  effectiveDateIso: '2025-05-07',
  intro: [
    'This Privacy Policy explains how Questfield ("Questfield", "we", "us" or "our") collects, uses, shares and protects personal information when you use the Questfield website, games, livestreams, store and related services (the "Services"), and the choices and rights you have.',
    'By using the Services you acknowledge that you have read this Privacy Policy. If you do not agree with it, please do not use the Services.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      body: [
        'We collect only the information we need to run the Services. It falls into three groups.',
        'Information you give us:',
        {
          list: [
            'Account details: your email address, username and password (which we store only in a securely hashed form), and, if you choose to add them, your first name, last name and phone number.',
            'Purchases: the items you buy, their amounts and the time of purchase. Card payments are handled by our payment provider, which receives your card details directly; we never see or store your full card number.',
            'Bookings and codes: the sessions you book or join, and the codes you redeem.',
            'Messages and applications: what you send us by email, and the details in a partnership application (name, email, phone, company name and company description).',
          ],
        },
        'Information created when you use the Services:',
        {
          list: [
            'Gameplay data, such as your scores, times and distances, which may appear on leaderboards with your username.',
            'Technical data, such as your IP address, browser type, device information, pages visited and the date and time of requests, which we use to keep the Services secure and working.',
          ],
        },
        'Information stored on your device: we use a session cookie that keeps you signed in, and your browser\u2019s local storage to remember display details such as your username, credit balance and upcoming session. We do not use advertising cookies.',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'How we use information',
      body: [
        'We use personal information to:',
        {
          list: [
            'create and manage your account, and keep you signed in;',
            'process purchases, add credits to your balance and send receipts and order confirmations;',
            'book sessions, run games, show countdowns and display leaderboards;',
            'send service emails, such as password recovery codes and booking information;',
            'answer your questions and review partnership applications;',
            'protect the Services and our users, including detecting fraud, cheating and abuse;',
            'understand how the Services are used so that we can fix problems and improve them;',
            'comply with our legal obligations and enforce our Terms & Conditions.',
          ],
        },
        'Where the law requires a legal basis, we rely on performing our contract with you, our legitimate interests in running and securing the Services, your consent (which you can withdraw at any time), and our legal obligations.',
      ],
    },
    {
      id: 'sharing',
      heading: 'How we share information',
      body: [
        'We do not sell your personal information, and we do not share it with third parties for their own advertising.',
        'We share personal information only in these cases:',
        {
          list: [
            'Service providers who act on our behalf, such as our payment provider, hosting and email delivery providers, under contracts that limit their use of the information to providing services to us.',
            'Other players, who can see your username and game results, for example on leaderboards.',
            'Legal reasons: when we believe in good faith that disclosure is required by law, or is needed to protect the rights, property or safety of Questfield, our users or the public.',
            'Business transfers: as part of a merger, acquisition or sale of assets, in which case this Privacy Policy will continue to protect your information.',
            'With your consent, or at your direction.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights and choices',
      body: [
        'Depending on where you live, you may have the right to:',
        {
          list: [
            'access the personal information we hold about you and receive a copy of it;',
            'correct information that is inaccurate or incomplete (you can edit your name and username in Account Settings at any time);',
            'ask us to delete your account and personal information;',
            'object to or restrict certain processing, and withdraw consent you have given;',
            'receive your information in a portable format.',
          ],
        },
        'To exercise any of these rights, contact us using the details below. We will answer within the time the law requires, and may need to verify your identity first. We will not treat you differently for exercising your rights. You may also have the right to complain to a data protection authority.',
      ],
    },
    {
      id: 'retention',
      heading: 'Data retention',
      body: [
        'We keep personal information only for as long as we need it for the purposes described in this policy. Account information is kept while your account is open. When you delete your account, we delete or anonymize your personal information within 30 days, except where we must keep some of it longer.',
        'Purchase and payment records are kept for as long as tax and accounting laws require, usually up to seven years. Password recovery codes expire after ten minutes. Technical logs are kept for a limited period, normally no more than 90 days, unless they are needed to investigate a security incident.',
      ],
    },
    {
      id: 'children',
      heading: 'Children\u2019s privacy',
      body: [
        `The Services are intended for people aged ${ELIGIBILITY_MIN_AGE} and over. We do not knowingly collect personal information from children under ${ELIGIBILITY_MIN_AGE} without verified parental consent.`,
        `If you are a parent or guardian and believe that your child under ${ELIGIBILITY_MIN_AGE} has given us personal information without your consent, please contact us. We will delete that information and close the account unless verified parental consent is provided.`,
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      body: [
        'We protect personal information with technical and organizational measures appropriate to the risk. These include encrypting data in transit, hashing passwords with a modern algorithm, keeping sign-in sessions in secure cookies that page scripts cannot read, limiting repeated attempts to sign in or guess codes, and restricting access to personal information to the people who need it.',
        'No system is completely secure. Please use a strong password that you do not use elsewhere, and contact us straight away if you suspect any unauthorized use of your account.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: [
        'We may update this Privacy Policy from time to time. When we do, we will change the effective date at the top of this page, and if the changes are material we will let you know through the Services or by email before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: [
        'If you have questions about this Privacy Policy or how we handle your personal information, or want to exercise your rights, please contact us:',
        { contact: true },
      ],
    },
  ],
};
