import {
  ELIGIBILITY_MIN_AGE,
  LEGAL_EFFECTIVE_DATE,
  GAME_COST_CREDITS,
  GAME_LENGTH_MINUTES,
  SLOT_CAPACITY,
} from '@questfield/contract';
import type { LegalDocument } from './types';

export const termsAndConditions: LegalDocument = {
  title: 'Terms & Conditions',
  effectiveDate: LEGAL_EFFECTIVE_DATE,
  effectiveDateIso: '2025-05-07',
  intro: [
    'Welcome to Questfield. These Terms & Conditions (the "Terms") govern your access to and use of the Questfield website, games, livestreams, store and related services (together, the "Services"), operated by Questfield ("Questfield", "we", "us" or "our").',
    'Please read these Terms carefully. By creating an account, buying credits or packs, booking a session or otherwise using the Services, you agree to be bound by these Terms and by our Privacy Policy. If you do not agree, do not use the Services.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility',
      body: [
        `You must be at least ${ELIGIBILITY_MIN_AGE} years of age to use the Services. If you are under ${ELIGIBILITY_MIN_AGE}, you may use the Services only with the consent and under the supervision of a parent or legal guardian who agrees to be bound by these Terms on your behalf.`,
        'If you are under the age of majority where you live, your parent or legal guardian must review and accept these Terms with you, and is responsible for your use of the Services, including any purchases made from your account.',
        'By using the Services you confirm that you meet these requirements, that the information you give us is accurate, and that you are not barred from using the Services under any applicable law.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Your account',
      body: [
        'Some features, including buying credits, booking sessions, redeeming codes and joining games, require an account. When you sign up you must give a valid email address, choose a username and set a password.',
        'You are responsible for keeping your password confidential and for everything that happens under your account. Tell us at once at the address in the "Contact us" section if you believe your account has been used without your permission.',
        {
          list: [
            'Use one account per person; do not share, sell or transfer your account.',
            'Keep your email address up to date so that we can send you receipts and recovery codes.',
            'Do not choose a username that impersonates someone else or that is offensive.',
          ],
        },
        'We may suspend or close an account that breaks these Terms, that has been inactive for a long period, or when we are required to do so by law. Where we close an account without cause, we will tell you in advance where we reasonably can.',
      ],
    },
    {
      id: 'payments',
      heading: 'Credits, packs and payments',
      body: [
        `Credits are the in-product currency of Questfield. They are used to book and join game sessions: one session costs ${GAME_COST_CREDITS} credits, lasts ${GAME_LENGTH_MINUTES} minutes and holds up to ${SLOT_CAPACITY} players per time slot. Credits have no cash value, cannot be exchanged for money, and cannot be transferred to another account except where a feature expressly allows it.`,
        'You can obtain credits by buying credit bundles, by buying packs such as the Game Pack or the Host Pack, or by redeeming a valid code. The contents of each pack are described at the point of sale.',
        'All prices are shown and charged in United States dollars (USD). Payments are made by card and processed by our payment provider; we do not store your full card number. You authorize us and our payment provider to charge the payment method you provide for the total shown when you confirm a purchase, including any applicable taxes.',
        'All purchases of credits, packs and other items are final and non-refundable, unless specified otherwise at the point of sale or required by applicable law. Nothing in these Terms limits any right to a refund that you have under the consumer protection laws of the place where you live.',
        'Promotional codes and coupons may be used once, only for the purpose stated, and only before any expiry date given with them. We may void a code that was obtained or used in breach of these Terms.',
        'If a session is cancelled by us, the credits spent on it will be returned to your account. We may correct pricing errors; if we discover an error after you have paid, we will offer you the choice of paying the correct price or receiving a refund.',
      ],
    },
    {
      id: 'sessions',
      heading: 'Sessions and bookings',
      body: [
        'Sessions take place at the time shown when you book. Please join on time: a session runs for its full length whether or not every booked player is present, and credits spent on a session you miss are not returned.',
        'We may change the schedule, capacity or availability of sessions, or temporarily disable multiplayer, for example to carry out maintenance. Access codes and game tickets are personal to you and may only be used for the session they were issued for.',
      ],
    },
    {
      id: 'prohibited-conduct',
      heading: 'Prohibited conduct',
      body: [
        'We want Questfield to be fun and fair for everyone. When you use the Services, you agree not to:',
        {
          list: [
            'break any law, or encourage anyone else to do so;',
            'harass, threaten, bully or abuse other players, or post hateful, sexually explicit or violent content;',
            'cheat, exploit bugs, or use bots, scripts or other automated means to play, book sessions or redeem codes;',
            'tamper with game results, scores or leaderboards, or try to obtain credits or items you have not paid for;',
            'access or try to access another person\u2019s account, or collect other users\u2019 personal information;',
            'interfere with, overload, probe or disrupt the Services or the networks that run them, or get around any security or access control;',
            'copy, resell or commercially exploit any part of the Services without our written permission;',
            'impersonate any person or misrepresent your connection with any person or organization.',
          ],
        },
        'We may remove content, cancel bookings, void credits obtained improperly, and suspend or close accounts involved in any of the above.',
      ],
    },
    {
      id: 'user-content',
      heading: 'User content',
      body: [
        'Some parts of the Services let you submit content, such as your username, profile details, game results and partnership applications ("User Content"). You keep ownership of your User Content.',
        'By submitting User Content, you grant Questfield a worldwide, non-exclusive, royalty-free license to host, store, reproduce, display and distribute it as needed to operate, promote and improve the Services, for example to show your username and score on a leaderboard. This license ends when you delete the content or your account, except where the content has already been shared with others or we must keep it by law.',
        'You are responsible for your User Content and confirm that you have the rights needed to submit it and that it does not break these Terms or anyone else\u2019s rights. We do not endorse User Content and may remove any of it at our discretion.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      body: [
        'The Services, including the Questfield name and logo, games, maps, artwork, music, soundtracks, videos, text and software, are owned by Questfield or its licensors and are protected by copyright, trademark and other laws.',
        'Subject to these Terms, we grant you a limited, personal, non-exclusive, non-transferable and revocable license to access and use the Services for your own non-commercial entertainment. Digital soundtracks and other media included in a pack are licensed to you for personal listening and are not sold.',
        'You may not copy, modify, distribute, sell, rent, reverse engineer or create derivative works from any part of the Services, except as this license allows or as the law expressly permits. All rights not expressly granted are reserved.',
        'If you send us feedback or ideas, you allow us to use them without any obligation to you.',
      ],
    },
    {
      id: 'third-parties',
      heading: 'Third-party services',
      body: [
        'The Services may link to or embed services run by others, such as our payment provider, video and livestream players, and community chat platforms. Those services are governed by their own terms and privacy policies, and we are not responsible for them.',
      ],
    },
    {
      id: 'disclaimers',
      heading: 'Disclaimers and limitation of liability',
      body: [
        'We work hard to keep the Services available and running smoothly, but they are provided "as is" and "as available". To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement, and we do not promise that the Services will be uninterrupted or error-free.',
        'To the fullest extent permitted by law, Questfield will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, data or goodwill, arising out of or related to your use of the Services. Our total liability for any claim relating to the Services is limited to the amount you paid us in the twelve (12) months before the claim arose.',
        'Some jurisdictions do not allow certain of these exclusions or limitations, so some of them may not apply to you.',
      ],
    },
    {
      id: 'termination',
      heading: 'Termination',
      body: [
        'You may stop using the Services at any time and may ask us to delete your account. We may suspend or end your access if you break these Terms or if we stop offering the Services. Sections that by their nature should survive termination, including those on payments, intellectual property, disclaimers, limitation of liability and governing law, will survive.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these Terms',
      body: [
        'We may update these Terms from time to time. When we make a material change, we will update the effective date above and let you know through the Services or by email before the change takes effect. If you keep using the Services after the change takes effect, you accept the updated Terms.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law',
      body: [
        'These Terms, and any dispute arising out of or relating to them or to the Services, are governed by the laws of the State of Georgia, United States of America, without regard to its conflict of laws rules.',
        'You and Questfield agree that any such dispute will be brought exclusively in the state or federal courts located in the State of Georgia, and you consent to the personal jurisdiction of those courts. This does not take away any mandatory protection you have under the laws of the country where you live.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      body: [
        'If you have any questions about these Terms, or need help with your account or a purchase, please contact us:',
        { contact: true },
        'We aim to answer every message within two business days.',
      ],
    },
  ],
};
