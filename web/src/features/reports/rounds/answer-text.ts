/** An answer in words: pass/fail/n.a., the number with its unit, or the text; '-' unanswered. */
export function answerText(
  answer: { value: string | number | null; unit: string | null; kind: string },
  t: (key: string) => string,
): string {
  if (answer.value === null) return '-';
  if (answer.kind === 'pass_fail_na' && typeof answer.value === 'string') {
    return t(`rounds.${answer.value}`);
  }
  if (typeof answer.value === 'number') {
    return answer.unit === null ? String(answer.value) : `${answer.value} ${answer.unit}`;
  }
  return answer.value;
}
