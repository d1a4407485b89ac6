/** spec: conversion §9 — accepted payment logos. */
export const PAYMENT_METHODS = ['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
