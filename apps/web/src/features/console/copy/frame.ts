/**
 * The console's frame (staff and admins only): its top bar, its menu at phone width, and the
 * keyboard shortcuts for the day's moves with the dialog that lists them.
 */
export const frameCopy = {
  /** The bar's brand: the venue's name (the product's while it loads) and the console's. */
  brand: (venue: string) => `${venue} Console`,
  /** The document title's and the h1's name of a screen outside the navigation. */
  title: 'Console',
  skipToContent: 'Skip to content',
  signedInAs: (username: string, role: string) => `${username} · ${role}`,
  signedInLabel: 'Signed in as',
  roles: { staff: 'Staff', admin: 'Admin' },
  playerSite: 'Player site',
  signOut: 'Sign out',
  menu: 'Menu',
  shortcutsButton: 'Keyboard shortcuts',

  shortcutsTitle: 'Keyboard shortcuts',
  shortcutsIntro:
    'Outside text fields, these keys move around the console. Press the keys of a pair one after the other.',
  shortcutsClose: 'Close',
  shortcutsKeysColumn: 'Keys',
  shortcutsDoesColumn: 'Does',
  then: 'then',
  goTo: (screen: string) => `Go to ${screen}`,
  previousDay: 'Previous day (on the venue day)',
  nextDay: 'Next day (on the venue day)',
  focusSearch: 'Search players (the search of the screen, if it has one)',
  openHelp: 'Show these shortcuts',
} as const;
