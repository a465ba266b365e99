// The arming pause as React state: true once decisions are live again, re-rendering when the pause ends.
import { useEffect, useState } from 'react';
import { useArming } from './arming.js';

/** Whether decisions are live now; flips back to true by itself when the pause ends. */
export function useArmed(): boolean {
  const until = useArming((s) => s.until);
  const [armed, setArmed] = useState(() => Date.now() >= until);
  useEffect(() => {
    const left = until - Date.now();
    setArmed(left <= 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setArmed(true), left);
    return () => clearTimeout(timer);
  }, [until]);
  return armed;
}
