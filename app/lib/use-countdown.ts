import { useEffect, useState } from "react";

/**
 * Seconds left until `seconds` have passed since the component mounted; null before hydration, so the
 * server-rendered page (and a page without JavaScript) shows the plain, enabled control.
 */
export function useCountdown(seconds: number, restartKey: unknown) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    // restartKey is read so a new send restarts the countdown.
    void restartKey;
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}
