import { createContext, useContext } from 'react';

export type MobileMenuActions = {
  /** Closes the menu, then runs `action` once focus is back on the menu button. */
  closeMenuThen: (action: () => void) => void;
};

export const MobileMenuContext = createContext<MobileMenuActions>({
  closeMenuThen: (action) => action(),
});

/** For content placed in the small-screen menu (the signed-in account slot). */
export function useMobileMenu(): MobileMenuActions {
  return useContext(MobileMenuContext);
}
