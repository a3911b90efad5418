let counter = 0;

/**
 * A fresh client address per call: public POSTs are rate-limited per IP, so tests that are not
 * about the limit each come from their own visitor.
 */
export const visitorIp = () => {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};
