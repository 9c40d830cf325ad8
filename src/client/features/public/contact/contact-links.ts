import type { PhoneNumber } from '~/shared/site-config';

/** The message a WhatsApp chat opens with, ready to send. */
export const WHATSAPP_MESSAGE = "Hello, I'd like a valuation for my car.";

export function telHref(phone: PhoneNumber): string {
  return `tel:${phone.e164}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}

/** `https://wa.me/<digits of the E.164 number>?text=<message>`, WhatsApp's click-to-chat link. */
export function whatsAppHref(phone: PhoneNumber, message = WHATSAPP_MESSAGE): string {
  return `https://wa.me/${phone.e164.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}
