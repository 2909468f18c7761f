// Gives components the app's SimSession (created once in main.tsx).

import { createContext, useContext } from 'react';
import type { SimSession } from './simSession';

export const SessionContext = createContext<SimSession | null>(null);

export function useSession(): SimSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionContext');
  return session;
}
