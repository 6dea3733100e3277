/**
 * The body the API answers when one field is refused for one reason: the message the form shows
 * under that field, and the code a client maps to its own text.
 */
export function oneFieldError(field: string, code: string, message: string) {
  return { message, code, errors: { [field]: [message] }, field_reasons: { [field]: [{ code }] } };
}
