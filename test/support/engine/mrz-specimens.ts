/** ICAO Doc 9303 specimen zones (the fictitious state of Utopia), one per format. */
export const specimens = {
  TD1: ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'],
  TD2: ['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6'],
  TD3: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  MRVA: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L8988901C4XXX4009078F96121096ZE184226B<<<<<<'],
  MRVB: ['V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'L8988901C4XXX4009078F9612109<<<<<<<<'],
} as const;

/** A made-up French national identity card zone (1988–2021 layout, 2×36, not ICAO), check digits valid. */
export const frenchIdSpecimen = ['IDFRAMARTIN<<<<<<<<<<<<<<<<<<<075034', '0612750123452JEAN<<PIERRE<<8001014M6'] as const;
