import { createContract, type Contract } from '../openapi-contract';

/**
 * The contract of Google's Routes API `computeRouteMatrix`, written by us as an OpenAPI 3.0
 * document from the documented shapes (shared/contracts/external-apis.md §3b), because Google's
 * published OpenAPI document (shared/contracts/openapi/google-maps.openapi.yml, googlemaps/
 * openapi-specification at ef43743, 2023-10-03) does not cover the Routes API: its 17 paths
 * include the legacy `/maps/api/distancematrix/json` but nothing under routes.googleapis.com.
 * google-contract.test.ts checks this document against the examples external-apis.md gives.
 *
 * What it holds to: the API key header, the required field mask header, a JSON body with
 * origins and destinations as waypoints (an address, a place id or a location) and the known
 * enums; the answer as an array of elements with a google.rpc.Status, a condition, metres and a
 * duration in seconds ending "s"; failures as `{error:{code,message,status}}`. Fields external-
 * apis.md marks UNCONFIRMED (the body options, the error body) are as it describes them.
 */

const rpcStatus = {
  type: 'object',
  additionalProperties: false,
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    details: { type: 'array', items: { type: 'object' } },
  },
};

const localizedText = {
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string' }, languageCode: { type: 'string' } },
};

const latLng = {
  type: 'object',
  additionalProperties: false,
  properties: { latitude: { type: 'number' }, longitude: { type: 'number' } },
};

const waypoint = {
  type: 'object',
  additionalProperties: false,
  properties: {
    location: {
      type: 'object',
      additionalProperties: false,
      properties: { latLng, heading: { type: 'integer' } },
    },
    placeId: { type: 'string', minLength: 1 },
    address: { type: 'string', minLength: 1 },
    via: { type: 'boolean' },
    vehicleStopover: { type: 'boolean' },
    sideOfRoad: { type: 'boolean' },
  },
  oneOf: [{ required: ['location'] }, { required: ['placeId'] }, { required: ['address'] }],
};

const matrixWaypoint = {
  type: 'object',
  required: ['waypoint'],
  properties: { waypoint: { $ref: '#/components/schemas/Waypoint' }, routeModifiers: { type: 'object' } },
};

export const routeMatrixDocument = {
  openapi: '3.0.3',
  info: {
    title: 'Routes API computeRouteMatrix (as documented in shared/contracts/external-apis.md §3b)',
    version: 'v2',
  },
  servers: [{ url: 'https://routes.googleapis.com' }],
  security: [{ ApiKeyAuth: [] }],
  paths: {
    '/distanceMatrix/v2:computeRouteMatrix': {
      post: {
        operationId: 'computeRouteMatrix',
        parameters: [
          {
            name: 'X-Goog-FieldMask',
            in: 'header',
            required: true,
            schema: { type: 'string', minLength: 1 },
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ComputeRouteMatrixRequest' } } },
        },
        responses: {
          '200': {
            description: 'The elements of the matrix, in any order.',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/RouteMatrixElement' } },
              },
            },
          },
          default: {
            description: "Google's standard error body.",
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
          },
        },
      },
    },
  },
  components: {
    securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-Goog-Api-Key' } },
    schemas: {
      Waypoint: waypoint,
      ComputeRouteMatrixRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['origins', 'destinations'],
        properties: {
          origins: { type: 'array', minItems: 1, items: matrixWaypoint },
          destinations: { type: 'array', minItems: 1, items: matrixWaypoint },
          travelMode: {
            type: 'string',
            enum: ['TRAVEL_MODE_UNSPECIFIED', 'DRIVE', 'BICYCLE', 'WALK', 'TWO_WHEELER', 'TRANSIT'],
          },
          routingPreference: {
            type: 'string',
            enum: ['ROUTING_PREFERENCE_UNSPECIFIED', 'TRAFFIC_UNAWARE', 'TRAFFIC_AWARE', 'TRAFFIC_AWARE_OPTIMAL'],
          },
          units: { type: 'string', enum: ['UNITS_UNSPECIFIED', 'METRIC', 'IMPERIAL'] },
          languageCode: { type: 'string' },
          regionCode: { type: 'string' },
          departureTime: { type: 'string', format: 'date-time' },
        },
      },
      RouteMatrixElement: {
        type: 'object',
        properties: {
          // Proto3 JSON may leave out zero values (index 0, distance 0).
          originIndex: { type: 'integer', minimum: 0 },
          destinationIndex: { type: 'integer', minimum: 0 },
          status: rpcStatus,
          condition: {
            type: 'string',
            enum: ['ROUTE_MATRIX_ELEMENT_CONDITION_UNSPECIFIED', 'ROUTE_EXISTS', 'ROUTE_NOT_FOUND'],
          },
          distanceMeters: { type: 'integer', minimum: 0 },
          duration: { type: 'string', pattern: '^\\d+(\\.\\d+)?s$' },
          staticDuration: { type: 'string', pattern: '^\\d+(\\.\\d+)?s$' },
          localizedValues: {
            type: 'object',
            properties: { distance: localizedText, duration: localizedText, staticDuration: localizedText },
          },
        },
      },
      ErrorBody: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message', 'status'],
            properties: {
              code: { type: 'integer' },
              message: { type: 'string' },
              status: { type: 'string' },
              details: { type: 'array', items: { type: 'object' } },
            },
          },
        },
      },
    },
  },
};

export function routeMatrixContract(): Contract {
  return createContract(structuredClone(routeMatrixDocument));
}
