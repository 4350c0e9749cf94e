import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import classes from './success-check.module.css';

/** Spec 000 §9: the success notification shows for 2 seconds. */
const SHOWN_MS = 2000;

const CelebrateContext = createContext<(message: string) => void>(() => {});

/** Plays the success checkmark (spec 000 §2: 'A success checkmark animation plays after actions'). */
export const useCelebrate = () => useContext(CelebrateContext);

export function SuccessCheckProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const [shown, setShown] = useState(0);
  const celebrate = useCallback((text: string) => {
    setMessage(text);
    setShown((n) => n + 1);
  }, []);
  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => setMessage(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message, shown]);
  return (
    <CelebrateContext.Provider value={celebrate}>
      {children}
      <div role="status" aria-live="polite" className={classes.region}>
        {message && (
          <Paper
            key={shown}
            shadow="lg"
            radius="lg"
            p="lg"
            className={classes.card}
            data-testid="success-check"
          >
            <svg className={classes.check} viewBox="0 0 52 52" aria-hidden>
              <circle className={classes.circle} cx="26" cy="26" r="24" fill="none" />
              <path className={classes.tick} fill="none" d="M14 27l8 8 16-17" />
            </svg>
            <Text fw={600} fz="sm">
              {message}
            </Text>
          </Paper>
        )}
      </div>
    </CelebrateContext.Provider>
  );
}
