import { ARK_OF_ANSWERS } from '@questfield/contract';

/** Spec §3 Experience, with the sample video, its captions and the poster of each. */
export type Experience = {
  id: string;
  /** The day it was published, 'yyyy-MM-dd'. */
  publishedDate: string;
  year: number;
  language: string;
  /** Minutes. */
  duration: number;
  title: string;
  isLive: boolean;
  /** Shown with its line breaks. */
  summary: string;
  imageUrl: string;
  imageAlt: string;
  videoUrl: string;
  captionsUrl: string;
};

/** The experiences the landing page lists (spec §9), with their sample media (public folder). */
export const EXPERIENCES: readonly Experience[] = [
  {
    id: 'mariano-rivera',
    publishedDate: '2024-09-26',
    year: 2024,
    language: 'English',
    duration: 2,
    title: 'Mariano Rivera',
    isLive: false,
    summary:
      'A two-minute walk through the career of the game’s greatest closer.\nAnswer as you go: every right answer opens the next door of the maze.',
    imageUrl: '/media/mariano-rivera-poster.jpg',
    imageAlt: 'Mariano Rivera experience: title card over a slow blue and white gradient',
    videoUrl: '/media/mariano-rivera.mp4',
    captionsUrl: '/media/mariano-rivera.vtt',
  },
  {
    id: 'georgia-aim-flythrough',
    publishedDate: '2025-02-14',
    year: 2025,
    language: 'English',
    duration: 5,
    title: 'Georgia AIM FlyThrough',
    isLive: false,
    summary: 'Summary coming soon.\nThis experience is still being put together.',
    imageUrl: '/media/georgia-aim-flythrough-poster.jpg',
    imageAlt: 'Georgia AIM FlyThrough experience: title card over a green and sky blue gradient',
    videoUrl: '/media/georgia-aim-flythrough.mp4',
    captionsUrl: '/media/georgia-aim-flythrough.vtt',
  },
  {
    id: 'ark-of-answers',
    publishedDate: '2025-05-07',
    year: 2025,
    language: 'English',
    duration: 3,
    title: ARK_OF_ANSWERS,
    isLive: true,
    summary:
      'A biblical trivia game for the whole crew.\nRace through the questions together, from Genesis to Revelation.\nThe fastest team to fill the ark tops the leaderboard.',
    imageUrl: '/media/ark-of-answers-poster.jpg',
    imageAlt: `${ARK_OF_ANSWERS} experience: title card over an amber and blue gradient`,
    videoUrl: '/media/ark-of-answers.mp4',
    captionsUrl: '/media/ark-of-answers.vtt',
  },
];

export function findExperience(id: string): Experience | undefined {
  return EXPERIENCES.find((experience) => experience.id === id);
}

/** The search parameter that opens an experience's detail: '/?experience=ark-of-answers'. */
export const EXPERIENCE_PARAM = 'experience';

/** The history state of a detail opened from a card (not arrived at by a deep link). */
export const OPENED_FROM_CARD = { experienceFromCard: true } as const;

export function isOpenedFromCard(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'experienceFromCard' in state;
}
