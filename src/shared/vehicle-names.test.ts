import { describe, expect, it } from 'vitest';
import { makeAndModel, makeName, modelName } from './vehicle-names';

describe('makeName', () => {
  it.each([
    // DVLA writes makes in capitals; people read them as names.
    ['FORD', 'Ford'],
    ['VAUXHALL', 'Vauxhall'],
    ['VOLKSWAGEN', 'Volkswagen'],
    ['LAND ROVER', 'Land Rover'],
    ['ALFA ROMEO', 'Alfa Romeo'],
    ['ASTON MARTIN', 'Aston Martin'],
    ['CITROEN', 'Citroen'],
    ['KIA', 'Kia'],
    // Brands spelt as the brands spell them, however they arrive.
    ['BMW', 'BMW'],
    ['bmw', 'BMW'],
    ['Bmw', 'BMW'],
    ['MG', 'MG'],
    ['MG MOTOR UK', 'MG'],
    ['VW', 'VW'],
    ['DS', 'DS'],
    ['DS AUTOMOBILES', 'DS'],
    ['SEAT', 'SEAT'],
    ['Seat', 'SEAT'],
    ['CUPRA', 'CUPRA'],
    ['MINI', 'MINI'],
    ['Mini', 'MINI'],
    ['MERCEDES-BENZ', 'Mercedes-Benz'],
    ['MERCEDES BENZ', 'Mercedes-Benz'],
    ['mercedes-benz', 'Mercedes-Benz'],
    ['MERCEDES', 'Mercedes'],
    ['ROLLS ROYCE', 'Rolls-Royce'],
    ['ROLLS-ROYCE', 'Rolls-Royce'],
    ['MCLAREN', 'McLaren'],
    ['SSANGYONG', 'SsangYong'],
    ['SMART', 'smart'],
    ['LDV', 'LDV'],
    ['LEVC', 'LEVC'],
    ['BYD', 'BYD'],
    ['GWM', 'GWM'],
    ['LYNK & CO', 'Lynk & Co'],
    // Typed by a person: kept as they wrote it when it is already a name, tidied when not.
    ['Vauxhall', 'Vauxhall'],
    ['vauxhall', 'Vauxhall'],
    ['  ford  ', 'Ford'],
    // An unknown short make in capitals is most likely initials: kept.
    ['TVR', 'TVR'],
    ['', ''],
  ])('%j is %j', (typed, shown) => expect(makeName(typed)).toBe(shown));
});

describe('modelName', () => {
  it.each([
    // Plain words in capitals become names.
    ['FOCUS', 'Focus'],
    ['CORSA', 'Corsa'],
    ['Corsa', 'Corsa'],
    ['corsa', 'Corsa'],
    ['GRAND C-MAX', 'Grand C-MAX'],
    ['3 SERIES', '3 Series'],
    // Words with digits are codes, in capitals.
    ['X1', 'X1'],
    ['x1', 'X1'],
    ['A4', 'A4'],
    ['CX-5', 'CX-5'],
    ['cx-5', 'CX-5'],
    ['ID.3', 'ID.3'],
    ['id.3', 'ID.3'],
    ['RAV4', 'RAV4'],
    ['XC90', 'XC90'],
    ['3008', '3008'],
    ['500C', '500C'],
    // Engine codes end in a small d, i or e, as BMW, Mercedes-Benz and Fiat write them.
    ['320D', '320d'],
    ['118I', '118i'],
    ['330E', '330e'],
    ['M340I', 'M340i'],
    ['C220D', 'C220d'],
    ['500E', '500e'],
    ['320D M SPORT', '320d M Sport'],
    // Short words in capitals are trim codes.
    ['GOLF GTI', 'Golf GTI'],
    ['FIESTA ST-LINE', 'Fiesta ST-Line'],
    ['CR-V', 'CR-V'],
    ['golf gti', 'Golf GTI'],
    // Names the makers write their own way.
    ['I10', 'i10'],
    ['I3', 'i3'],
    ['IX3', 'iX3'],
    ['E-208', 'e-208'],
    ['E-NIRO', 'e-Niro'],
    ['E-TRON', 'e-tron'],
    ['UP', 'up!'],
    ['KA', 'Ka'],
    // Already written with care by a person: kept.
    ['iX3', 'iX3'],
    ['e-Niro', 'e-Niro'],
    ['Golf GTD', 'Golf GTD'],
    ['', ''],
  ])('%j is %j', (typed, shown) => expect(modelName(typed)).toBe(shown));
});

describe('makeAndModel', () => {
  it('writes the make and the model together, one way wherever they came from', () => {
    expect(makeAndModel({ make: 'FORD', model: 'FOCUS' })).toBe('Ford Focus');
    expect(makeAndModel({ make: 'Vauxhall', model: 'Corsa' })).toBe('Vauxhall Corsa');
    expect(makeAndModel({ make: 'BMW', model: 'X1' })).toBe('BMW X1');
    expect(makeAndModel({ make: 'bmw', model: 'x1' })).toBe('BMW X1');
    expect(makeAndModel({ make: 'MERCEDES-BENZ', model: 'C220D AMG LINE' })).toBe('Mercedes-Benz C220d AMG Line');
    expect(makeAndModel({ make: 'LAND ROVER', model: 'DEFENDER' })).toBe('Land Rover Defender');
  });

  it('is the part that is known, or empty when neither is', () => {
    expect(makeAndModel({ make: 'FORD', model: null })).toBe('Ford');
    expect(makeAndModel({ make: null, model: 'Focus' })).toBe('Focus');
    expect(makeAndModel({ make: null, model: null })).toBe('');
    expect(makeAndModel({ make: ' ', model: undefined })).toBe('');
  });
});
