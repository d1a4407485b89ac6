export * from './appointments';
export { checkAppointment, type AppointmentCheck, type RefusedAppointment } from './check-appointment';
