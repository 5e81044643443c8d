import { useEffect, useState } from 'preact/hooks';

/**
 * A hidden page runs no animation frame: past this the part waiting on one shows anyway. A
 * fallback for a popup not shown, not a delay: a shown popup paints well within it.
 */
const FRAME_FALLBACK_MS = 100;

/**
 * False in the commit the component first appears in, true once the frame that paints that
 * commit is done (an animation frame, then a task after it): a part of a view that can wait
 * renders then, in its own task, so it takes no time from the view's first frame.
 */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      // After the frame's own work (its rendering steps), not inside it.
      timer = setTimeout(() => setAfter(true), 0);
    };
    const fallback = setTimeout(done, FRAME_FALLBACK_MS);
    const frame = requestAnimationFrame(done);
    return () => {
      clearTimeout(fallback);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
