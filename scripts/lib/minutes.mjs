/**
 * A duration as "4 min  0 s" for the test scripts' summaries, rounded to the
 * second first: 239.6 s is "4 min  0 s", never "3 min 60 s".
 */
export function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2)} s`;
}
